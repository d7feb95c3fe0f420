// CUDA: an empty kernel and a copy, one at a time and back to back, by CUPTI and by events
#include <cupti.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
struct span_record {
	CUpti_ActivityKind kind;
	uint32_t p0;
	uint64_t p1;
	uint64_t start, end;
};
static std::vector<std::pair<uint64_t, uint64_t>> recs;
static void CUPTIAPI req(uint8_t **b, size_t *s, size_t *m)
{
	*s = 1 << 22;
	*b = (uint8_t *)aligned_alloc(8, *s);
	*m = 0;
}
static void CUPTIAPI done(CUcontext, uint32_t, uint8_t *b, size_t, size_t v)
{
	CUpti_Activity *r = nullptr;
	while (cuptiActivityGetNextRecord(b, v, &r) == CUPTI_SUCCESS)
		if (r->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL ||
		    r->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
			auto *s = (span_record *)r;
			recs.push_back({s->start, s->end});
		}
	free(b);
}
__global__ void empty(unsigned *a)
{
	if (blockIdx.x == 1u << 30)
		a[0] = 1;
}
__global__ void copy(const uint4 *a, uint4 *b, size_t n)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		b[i] = a[i];
}
static void flush()
{
	cudaDeviceSynchronize();
	cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
}
int main()
{
	size_t big = (size_t)1 << 28;
	unsigned *a, *b;
	cudaMalloc(&a, big * 4);
	cudaMalloc(&b, big * 4);
	const int R = 50;
	cudaEvent_t e0, e1;
	cudaEventCreate(&e0);
	cudaEventCreate(&e1);
	for (int pass = 0; pass < 2; pass++)
		for (int lg = 0; lg <= 28; lg += 4) {
			if (lg && lg < 12)
				continue;
			size_t n = ((size_t)1 << (lg ? lg : 20)) / 4;
			unsigned g = (unsigned)std::min<size_t>((n + 255) / 256, 132 * 8);
			auto f = [&] {
				if (!lg)
					empty<<<1, 256>>>(a);
				else if (pass)
					cudaMemcpyAsync(b, a, n * 16, cudaMemcpyDeviceToDevice);
				else
					copy<<<g, 256>>>((uint4 *)a, (uint4 *)b, n);
			};
			// events, no CUPTI
			std::vector<float> ev;
			f();
			cudaDeviceSynchronize();
			for (int r = 0; r < R; r++) {
				cudaEventRecord(e0);
				f();
				cudaEventRecord(e1);
				cudaEventSynchronize(e1);
				float ms;
				cudaEventElapsedTime(&ms, e0, e1);
				ev.push_back(ms * 1e3f);
			}
			std::sort(ev.begin(), ev.end());
			// CUPTI one at a time
			cuptiActivityRegisterCallbacks(req, done);
			cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
			cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY);
			flush();
			recs.clear();
			std::vector<double> one;
			for (int r = 0; r < R; r++) {
				f();
				flush();
				double s = 0;
				for (auto &x : recs)
					s += x.second - x.first;
				one.push_back(s / 1e3);
				recs.clear();
			}
			std::sort(one.begin(), one.end());
			// back to back behind a gate
			for (int i = 0; i < 4; i++)
				copy<<<132 * 8, 256>>>((uint4 *)a, (uint4 *)b, big / 4);
			for (int r = 0; r < R; r++)
				f();
			flush();
			size_t k0 = recs.size() - R;
			double sum = 0;
			for (size_t i = k0; i < recs.size(); i++)
				sum += recs[i].second - recs[i].first;
			double span = (double)(recs.back().second - recs[k0].first);
			recs.clear();
			cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
			cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMCPY);
			flush();
			// events around R back to back, no CUPTI
			for (int i = 0; i < 4; i++)
				copy<<<132 * 8, 256>>>((uint4 *)a, (uint4 *)b, big / 4);
			cudaEventRecord(e0);
			for (int r = 0; r < R; r++)
				f();
			cudaEventRecord(e1);
			cudaEventSynchronize(e1);
			float bb;
			cudaEventElapsedTime(&bb, e0, e1);
			printf("cuda %s 2^%d words: events one %.2f us; cupti one %.2f us; back to "
			       "back: cupti span/R %.2f, sum/R %.2f, events/R %.2f us\n",
			       !lg    ? "empty"
			       : pass ? "memcpy"
				      : "copy",
			       lg, ev[R / 2], one[R / 2], span / R / 1e3, sum / R / 1e3,
			       bb * 1e3 / R);
		}
	return 0;
}
