/*
 * fuzz-options.c - libFuzzer target for the option setter that the command
 * line and the checker share (algo_set_option: --op, --inclusive, --float
 * and every algorithm's own parameters, numbers written in decimal, 0x or
 * 2^k). The first byte picks the algorithm; the rest is "name=value". A
 * value the setter accepts must lie in the parameter's declared range; a
 * refusal must come with a message.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 256)
		return 0;
	size_t nalgos = 0;
	while (algo_registry[nalgos])
		nalgos++;
	const algo *a = algo_registry[data[0] % nalgos];
	char text[258];
	memcpy(text, data + 1, size - 1);
	text[size - 1] = 0;
	char *value = strchr(text, '=');
	if (value)
		*value++ = 0;
	algo_params p = algo_default_params(a);
	char err[512];
	err[0] = 0;
	if (algo_set_option(a, &p, text, value, err, sizeof err) == 0) {
		int k = algo_param_index(a, text);
		if (k >= 0 && !a->params[k].choices) {
			assert(p.v[k] >= a->params[k].min && p.v[k] <= a->params[k].max);
			assert(p.given & (1u << k));
		}
		assert(p.op <= PRAM_OP_MIN);
	} else {
		assert(err[0] != 0);
	}
	return 0;
}
