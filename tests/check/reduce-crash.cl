/* reduce-crash.cl - wrong on purpose: writes far outside out, which on a
 * CPU device ends the process.
 * expect: crash
 */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t i = get_global_id(0);
	out[(i + 1) * 0x40000000000ul] = i < n ? in[i] : 0;
}
