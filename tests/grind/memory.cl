/*
 * memory.cl - accesses whose GPU cost is known by hand, for the tests of
 * the plugin's requests, sectors and bank conflicts (sub-groups of 32,
 * sectors of 32 bytes, 32 banks of 4 bytes). Run with L = 64 over n = 64:
 * one work-group, two sub-groups, each line below one request a sub-group
 * (the costs are a sub-group's request).
 */
kernel void memory(global const int *in, global int *out, global int *sums, local int *tmp,
		   uint n)
{
	local int tile[64 * 33];
	uint lid = get_local_id(0), g = get_group_id(0), L = get_local_size(0);
	uint i = g * L + lid;
	int a = in[i];                    /* coalesced: 32 ints in 4 sectors */
	int b = in[g * L + (lid * 8) % L]; /* strided: 8 sectors, 8 words, 1 would do */
	tile[lid * 32] = a;               /* column of a 32-wide tile: 32-way conflicts */
	tile[lid * 33 + 1] = b;           /* padded to 33: conflict-free */
	tmp[lid] = a + b;                 /* consecutive: conflict-free */
	barrier(CLK_LOCAL_MEM_FENCE);
	int c = tmp[(lid * 2) % L];       /* stride 2: 2-way conflicts */
	int d = tmp[5];                   /* one word for all: a broadcast */
	if (lid % 2)                      /* odd and even work-items: divergent */
		c += tile[lid * 32];
	out[i] = c + d;                   /* coalesced */
	if (lid == 0)                     /* the first sub-group only: one divergent */
		sums[g] = tile[1];        /* one work-item: 1 sector */
}
