/*
 * model.c - the tables of memory models, operators and status codes.
 */
#include <float.h>
#include <math.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

static const struct {
	const char *name;
	const char *msg;
} status_table[] = {
#define PRAM_X_ROW(name, msg) {#name, msg},
    PRAM_STATUS_MAP(PRAM_X_ROW)
#undef PRAM_X_ROW
};

const char *pram_status_name(pram_status s)
{
	return (unsigned)s < PRAM_STATUS_COUNT ? status_table[s].name : "?";
}

const char *pram_status_msg(pram_status s)
{
	return (unsigned)s < PRAM_STATUS_COUNT ? status_table[s].msg : "unknown status";
}

static const struct model_entry {
	const char *name;
	const char *desc;
} model_table[PRAM_MODEL_COUNT] = {
    [PRAM_EREW] = {"erew", "exclusive read, exclusive write"},
    [PRAM_CREW] = {"crew", "concurrent read, exclusive write"},
    [PRAM_CRCW_COMMON] = {"crcw-common",
			  "concurrent writes legal only when all write the same value"},
    [PRAM_CRCW_ARBITRARY] = {"crcw-arbitrary",
			     "one concurrent writer wins, chosen by a seeded random choice"},
    [PRAM_CRCW_PRIORITY] = {"crcw-priority", "the lowest processor id wins"},
    [PRAM_CRCW_COMBINING] = {"crcw-combining", "concurrent writes combined with an operator"},
    [PRAM_SCAN] = {"scan", "EREW plus a scan primitive of one step and n work"},
};

const char *pram_model_name(pram_model m)
{
	return (unsigned)m < PRAM_MODEL_COUNT ? model_table[m].name : "?";
}

const char *pram_model_desc(pram_model m)
{
	return (unsigned)m < PRAM_MODEL_COUNT ? model_table[m].desc : "?";
}

int pram_model_parse(const char *s, pram_model *out)
{
	for (int k = 0; k < PRAM_MODEL_COUNT; k++)
		if (strcasecmp(s, model_table[k].name) == 0) {
			*out = (pram_model)k;
			return 0;
		}
	return -1;
}

static const char *const op_names[PRAM_OP_COUNT] = {
    [PRAM_OP_SUM] = "sum", [PRAM_OP_MAX] = "max", [PRAM_OP_MIN] = "min",
    [PRAM_OP_AND] = "and", [PRAM_OP_OR] = "or",   [PRAM_OP_XOR] = "xor",
};

const char *pram_op_name(pram_op op)
{
	return (unsigned)op < PRAM_OP_COUNT ? op_names[op] : "?";
}

int pram_op_parse(const char *s, pram_op *out)
{
	for (int k = 0; k < PRAM_OP_COUNT; k++)
		if (strcasecmp(s, op_names[k]) == 0) {
			*out = (pram_op)k;
			return 0;
		}
	return -1;
}

int64_t pram_op_identity_i(pram_op op)
{
	switch (op) {
	case PRAM_OP_MAX:
		return INT64_MIN;
	case PRAM_OP_MIN:
		return INT64_MAX;
	case PRAM_OP_AND:
		return -1;
	default:
		return 0;
	}
}

double pram_op_identity_f(pram_op op)
{
	switch (op) {
	case PRAM_OP_MAX:
		return -INFINITY;
	case PRAM_OP_MIN:
		return INFINITY;
	default:
		return 0.0;
	}
}

int64_t pram_op_apply_i(pram_op op, int64_t a, int64_t b)
{
	switch (op) {
	/* Sums wrap like the hardware's integers instead of being undefined. */
	case PRAM_OP_SUM:
		return (int64_t)((uint64_t)a + (uint64_t)b);
	case PRAM_OP_MAX:
		return a > b ? a : b;
	case PRAM_OP_MIN:
		return a < b ? a : b;
	case PRAM_OP_AND:
		return a & b;
	case PRAM_OP_OR:
		return a | b;
	case PRAM_OP_XOR:
		return a ^ b;
	default:
		return a;
	}
}

double pram_op_apply_f(pram_op op, double a, double b)
{
	switch (op) {
	case PRAM_OP_SUM:
		return a + b;
	case PRAM_OP_MAX:
		return a > b ? a : b;
	case PRAM_OP_MIN:
		return a < b ? a : b;
	default:
		return a;
	}
}

pram_value pram_op_identity_v(pram_op op, pram_type t)
{
	pram_value v;
	if (t == PRAM_INT)
		v.i = pram_op_identity_i(op);
	else
		v.f = pram_op_identity_f(op);
	return v;
}

pram_value pram_op_apply_v(pram_op op, pram_type t, pram_value a, pram_value b)
{
	pram_value v;
	if (t == PRAM_INT)
		v.i = pram_op_apply_i(op, a.i, b.i);
	else
		v.f = pram_op_apply_f(op, a.f, b.f);
	return v;
}
