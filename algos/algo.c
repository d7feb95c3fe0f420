/*
 * algo.c - what every registry entry shares: its declared ports and
 * parameters and the options that set them, data, the default input
 * generator, the comparison with the reference and the input reader.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "pgm.h"

/* The implicit ports of an entry that declares none. */
static const algo_port default_inputs[] = {
    {.name = "x", .shape = ALGO_VECTOR, .elem = ALGO_ELEM_DATA, .help = "the input vector"},
    {0},
};
static const algo_port default_outputs[] = {
    {.name = "y", .shape = ALGO_VECTOR, .elem = ALGO_ELEM_DATA, .help = "the result"},
    {0},
};

const algo_port *algo_inputs(const algo *a)
{
	return a->inputs ? a->inputs : default_inputs;
}

const algo_port *algo_outputs(const algo *a)
{
	return a->outputs ? a->outputs : default_outputs;
}

static size_t count_ports(const algo_port *pt)
{
	size_t k = 0;
	while (pt[k].name)
		k++;
	return k;
}

size_t algo_nin(const algo *a)
{
	return count_ports(algo_inputs(a));
}

size_t algo_nout(const algo *a)
{
	return count_ports(algo_outputs(a));
}

size_t algo_nparams(const algo *a)
{
	size_t k = 0;
	while (a->params && a->params[k].name)
		k++;
	return k;
}

int algo_swept_param(const algo *a)
{
	for (size_t k = 0; a->params && a->params[k].name; k++)
		if (a->params[k].props & ALGO_PARAM_SWEEP)
			return (int)k;
	return -1;
}

int algo_series_param(const algo *a)
{
	for (size_t k = 0; a->params && a->params[k].name; k++)
		if (a->params[k].nseries)
			return (int)k;
	return -1;
}

int algo_takes_flags(const algo *a)
{
	return (algo_inputs(a)[0].props & ALGO_PORT_FLAGS) != 0;
}

pram_type algo_port_type(const algo_port *pt, const algo_params *p)
{
	return pt->elem == ALGO_ELEM_INT     ? PRAM_INT
	       : pt->elem == ALGO_ELEM_FLOAT ? PRAM_FLOAT
					     : p->type;
}

int algo_param_index(const algo *a, const char *name)
{
	for (size_t k = 0; a->params && a->params[k].name; k++)
		if (strcmp(a->params[k].name, name) == 0)
			return (int)k;
	return -1;
}

algo_params algo_default_params(const algo *a)
{
	algo_params p = {
	    .op = PRAM_OP_SUM,
	    .inclusive = a->default_inclusive,
	    .type = PRAM_INT,
	    .model = a->model,
	};
	assert(algo_nparams(a) <= ALGO_MAX_PARAMS);
	assert(algo_nin(a) >= 1 && algo_nin(a) <= ALGO_MAX_PORTS);
	assert(algo_nout(a) >= 1 && algo_nout(a) <= ALGO_MAX_PORTS);
	for (size_t k = 0; a->params && a->params[k].name; k++)
		p.v[k] = a->params[k].def;
	return p;
}

const char *algo_op_name(const algo_params *p)
{
	return p->count ? "count" : pram_op_name(p->op);
}

/* The generic options every algorithm may take, by capability. */
static const struct generic_opt {
	const char *name;
	unsigned cap;
	int takes_value;
} generic_opts[] = {
    {"op", ALGO_OP, 1},
    {"inclusive", ALGO_INCLUSIVE, 0},
    {"exclusive", ALGO_INCLUSIVE, 0},
    {"float", ALGO_FLOAT, 0},
};

int algo_option_known(const char *name, int *takes_value)
{
	for (size_t k = 0; k < sizeof generic_opts / sizeof *generic_opts; k++)
		if (strcmp(generic_opts[k].name, name) == 0) {
			*takes_value = generic_opts[k].takes_value;
			return 1;
		}
	for (size_t k = 0; algo_registry[k]; k++)
		if (algo_param_index(algo_registry[k], name) >= 0) {
			*takes_value = 1;
			return 1;
		}
	return 0;
}

int algo_parse_int(const char *s, int64_t *out)
{
	int neg = *s == '-';
	const char *d = s + neg;
	uint64_t v = 0, lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	if (strncmp(d, "2^", 2) == 0) {
		d += 2;
		if (!isdigit((unsigned char)*d) || strlen(d) > 2 ||
		    strspn(d, "0123456789") != strlen(d))
			return -1;
		unsigned k = (unsigned)atoi(d);
		if (k > 63 || ((uint64_t)1 << k) > lim)
			return -1;
		v = (uint64_t)1 << k;
	} else {
		unsigned base = strncmp(d, "0x", 2) == 0 || strncmp(d, "0X", 2) == 0 ? 16 : 10;
		d += base == 16 ? 2 : 0;
		if (!*d)
			return -1;
		for (; *d; d++) {
			int c = tolower((unsigned char)*d);
			unsigned dig = isdigit(c) ? (unsigned)(c - '0')
				       : base == 16 && c >= 'a' && c <= 'f'
					   ? (unsigned)(c - 'a' + 10)
					   : 99;
			if (dig >= base || v > (lim - dig) / base)
				return -1;
			v = v * base + dig;
		}
	}
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return 0;
}

/* v as the user would write it: 2^k for large powers of two. */
static const char *number(int64_t v, char *buf, size_t len)
{
	if (v >= 1024 && (v & (v - 1)) == 0) {
		int k = 0;
		while (((int64_t)1 << k) < v)
			k++;
		snprintf(buf, len, "2^%d", k);
	} else {
		snprintf(buf, len, "%lld", (long long)v);
	}
	return buf;
}

/* Whether v has the form pa's properties ask for (its range aside). */
static int param_form_ok(const algo_param *pa, int64_t v)
{
	int pow2 = v > 0 && (v & (v - 1)) == 0;
	if (pa->props & ALGO_PARAM_POW2)
		return pow2;
	if (pa->props & ALGO_PARAM_WARPS)
		return v < 32 ? pow2 : v % 32 == 0;
	return 1;
}

/* That form in words, after "give": "a power of two" and the like. */
static const char *param_form(const algo_param *pa)
{
	return pa->props & ALGO_PARAM_POW2    ? "a power of two"
	       : pa->props & ALGO_PARAM_WARPS ? "a power of two below 32 or a multiple of 32"
					      : "a whole number";
}

/* "give a power of two from 2 to 2^20" and the like, into buf. */
static void describe_range(const algo_param *pa, char *buf, size_t len)
{
	if (pa->choices) {
		size_t o = (size_t)snprintf(buf, len, "give one of");
		for (size_t k = 0; pa->choices[k] && o < len; k++)
			o += (size_t)snprintf(buf + o, len - o, "%s %s", k ? "," : "",
					      pa->choices[k]);
		return;
	}
	char lo[32], hi[32];
	snprintf(buf, len, "give %s from %s to %s", param_form(pa), number(pa->min, lo, sizeof lo),
		 number(pa->max, hi, sizeof hi));
}

int algo_set_option(const algo *a, algo_params *p, const char *name, const char *value, char *err,
		    size_t errlen)
{
	for (size_t k = 0; k < sizeof generic_opts / sizeof *generic_opts; k++) {
		const struct generic_opt *g = &generic_opts[k];
		if (strcmp(g->name, name) != 0)
			continue;
		if (!(a->caps & g->cap)) {
			snprintf(err, errlen, "%s does not take --%s", a->name, name);
			return -1;
		}
		if (g->takes_value && !value) {
			snprintf(err, errlen, "--%s needs a value", name);
			return -1;
		}
		if (strcmp(name, "op") == 0 && strcmp(value, "count") == 0) {
			if (!(a->caps & ALGO_OP_COUNT)) {
				snprintf(err, errlen,
					 "--op count: %s takes sum, max or min (count: jfa-reduce)",
					 a->name);
				return -1;
			}
			p->op = PRAM_OP_SUM;
			p->count = 1;
		} else if (strcmp(name, "op") == 0) {
			pram_op op;
			if (pram_op_parse(value, &op) || op > PRAM_OP_MIN) {
				snprintf(err, errlen, "--op '%s': give sum, max or min", value);
				return -1;
			}
			p->op = op;
			p->count = 0;
		} else if (strcmp(name, "float") == 0) {
			p->type = PRAM_FLOAT;
		} else {
			p->inclusive = strcmp(name, "inclusive") == 0;
		}
		return 0;
	}
	int k = algo_param_index(a, name);
	if (k < 0) {
		int takes;
		if (algo_option_known(name, &takes))
			snprintf(err, errlen, "%s does not take --%s", a->name, name);
		else
			snprintf(err, errlen, "unknown option '--%s'", name);
		return -1;
	}
	const algo_param *pa = &a->params[k];
	char range[256];
	describe_range(pa, range, sizeof range);
	if (!value) {
		snprintf(err, errlen, "--%s needs a value: %s", name, range);
		return -1;
	}
	int64_t v = -1;
	if (pa->choices) {
		for (size_t c = 0; pa->choices[c]; c++)
			if (strcmp(pa->choices[c], value) == 0)
				v = (int64_t)c;
		if (v < 0) {
			snprintf(err, errlen, "--%s '%s': %s", name, value, range);
			return -1;
		}
	} else if (algo_parse_int(value, &v) || v < pa->min || v > pa->max ||
		   !param_form_ok(pa, v)) {
		snprintf(err, errlen, "--%s '%s': %s", name, value, range);
		return -1;
	}
	p->v[k] = v;
	p->given |= 1u << k;
	return 0;
}

int algo_set_param(const algo *a, algo_params *p, const char *name, int64_t v)
{
	int k = algo_param_index(a, name);
	if (k < 0)
		return -1;
	const algo_param *pa = &a->params[k];
	int64_t lo = pa->min, hi = pa->max;
	if (pa->choices) {
		lo = 0;
		for (hi = 0; pa->choices[hi]; hi++)
			;
		hi--;
	}
	if (v < lo || v > hi || (!pa->choices && v && !param_form_ok(pa, v)))
		return -1;
	p->v[k] = v;
	p->given |= 1u << k;
	return 0;
}

void algo_print_params(const algo *a, FILE *f)
{
	for (size_t k = 0; a->params && a->params[k].name; k++) {
		const algo_param *pa = &a->params[k];
		char opt[64];
		snprintf(opt, sizeof opt, "--%s %s", pa->name, pa->metavar ? pa->metavar : "V");
		fprintf(f, "  %-16s %s", opt, pa->help);
		if (pa->choices) {
			char range[256];
			describe_range(pa, range, sizeof range);
			fprintf(f, ": %s", range + 5);
		}
		if (pa->choices) {
			fprintf(f, " (default %s", pa->choices[pa->def]);
		} else {
			char lo[32], hi[32], def[32];
			int form = (pa->props & (ALGO_PARAM_POW2 | ALGO_PARAM_WARPS)) != 0;
			fprintf(f, " (%s to %s%s%s; default %s", number(pa->min, lo, sizeof lo),
				number(pa->max, hi, sizeof hi), form ? ", " : "",
				form ? param_form(pa) : "", number(pa->def, def, sizeof def));
		}
		if (pa->props & ALGO_PARAM_KEY_RANGE)
			fprintf(f, ", with --input the largest key + 1%s",
				pa->props & ALGO_PARAM_POW2 ? ", up to a power of two" : "");
		for (unsigned i = 0; i < pa->nseries; i++) {
			char v[32];
			fprintf(f, "%s%s", i ? ", " : "; pram report draws ",
				pa->choices ? pa->choices[pa->series[i]]
					    : number(pa->series[i], v, sizeof v));
		}
		fputs(")\n", f);
	}
}

uint64_t algo_bytes(const algo *a, const algo_data *in, const algo_data *out, const algo_params *p)
{
	if (a->bytes)
		return a->bytes(in, out, p);
	uint64_t b = 0;
	for (size_t k = 0; k < algo_nin(a); k++) {
		b += 4 * (uint64_t)in[k].n;
		if (in[k].flags)
			b += 4 * (((uint64_t)in[k].n + 31) / 32);
	}
	for (size_t k = 0; k < algo_nout(a); k++)
		b += 4 * (uint64_t)out[k].n;
	return b;
}

int algo_data_alloc(algo_data *d, size_t n, pram_type t, int with_flags)
{
	memset(d, 0, sizeof *d);
	d->n = n;
	d->type = t;
	d->vals = calloc(n ? n : 1, sizeof *d->vals);
	if (with_flags)
		d->flags = calloc(n ? n : 1, 1);
	if (!d->vals || (with_flags && !d->flags)) {
		algo_data_free(d);
		return -1;
	}
	return 0;
}

int algo_grid_alloc(algo_data *d, size_t w, size_t h, pram_type t)
{
	if (h && w > SIZE_MAX / h)
		return -1;
	if (algo_data_alloc(d, w * h, t, 0))
		return -1;
	d->w = w;
	d->h = h;
	return 0;
}

void algo_data_free(algo_data *d)
{
	free(d->vals);
	free(d->flags);
	d->vals = NULL;
	d->flags = NULL;
	d->n = d->w = d->h = 0;
}

void algo_data_free_all(algo_data *d, size_t n)
{
	for (size_t k = 0; k < n; k++)
		algo_data_free(&d[k]);
}

int algo_alloc_outputs(const algo *a, const algo_data *in, const algo_params *p, algo_data *out)
{
	const algo_port *pt = algo_outputs(a);
	size_t nout = algo_nout(a);
	for (size_t k = 0; k < nout; k++) {
		pram_type t = algo_port_type(&pt[k], p);
		int rc = a->out_len ? algo_data_alloc(&out[k], a->out_len(in, k, p), t, 0)
			 : pt[k].shape == ALGO_GRID ? algo_grid_alloc(&out[k], in->w, in->h, t)
						    : algo_data_alloc(&out[k], in->n, t, 0);
		if (rc) {
			algo_data_free_all(out, k);
			return -1;
		}
	}
	return 0;
}

uint64_t algo_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* The side of a square grid of about n cells. */
static size_t grid_side(size_t n)
{
	size_t s = 0;
	while ((s + 1) * (s + 1) <= n)
		s++;
	return s;
}

int algo_generate(const algo *a, algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	if (a->generate)
		return a->generate(in, n, p, seed);
	const algo_port *pt = algo_inputs(a);
	size_t nin = algo_nin(a);
	uint64_t s = seed;
	for (size_t k = 0; k < nin; k++) {
		pram_type t = algo_port_type(&pt[k], p);
		int flags = (pt[k].props & ALGO_PORT_FLAGS) != 0;
		int rc = pt[k].shape == ALGO_GRID
			     ? algo_grid_alloc(&in[k], grid_side(n), grid_side(n), t)
			     : algo_data_alloc(&in[k], n, t, flags);
		if (rc) {
			algo_data_free_all(in, k);
			return -1;
		}
		for (size_t i = 0; i < in[k].n; i++) {
			uint64_t r = algo_rand(&s);
			if (t == PRAM_INT)
				in[k].vals[i].i = (int64_t)(r % 100);
			else
				in[k].vals[i].f = (double)(r >> 11) * 0x1.0p-53;
			/* About one segment start in eight, and always one at 0. */
			if (in[k].flags)
				in[k].flags[i] = i == 0 || (r >> 60) < 2;
		}
	}
	return 0;
}

long algo_compare(const algo_data *got, const algo_data *want, double tol, char *why, size_t whylen)
{
	if (got->n != want->n) {
		snprintf(why, whylen, "output has %zu elements, the reference %zu", got->n,
			 want->n);
		return 0;
	}
	for (size_t i = 0; i < want->n; i++) {
		if (want->type == PRAM_INT) {
			if (got->vals[i].i != want->vals[i].i) {
				snprintf(why, whylen,
					 "element %zu is %" PRId64 ", the reference says %" PRId64,
					 i, got->vals[i].i, want->vals[i].i);
				return (long)i;
			}
			continue;
		}
		double g = got->vals[i].f, w = want->vals[i].f;
		if (isinf(w) && g == w)
			continue;
		if (!(fabs(g - w) <= tol)) {
			snprintf(why, whylen,
				 "element %zu is %.9g, the reference says %.9g (tolerance %.3g)", i,
				 g, w, tol);
			return (long)i;
		}
	}
	return -1;
}

long algo_verify(const algo *a, const algo_data *in, const algo_data *out, const algo_data *ref,
		 const algo_params *p, double tol, size_t *port, char *why, size_t whylen)
{
	*port = 0;
	if (a->check)
		return a->check(in, out, p, why, whylen);
	for (size_t k = 0; k < algo_nout(a); k++) {
		long bad = algo_compare(&out[k], &ref[k], tol, why, whylen);
		if (bad >= 0) {
			*port = k;
			return bad;
		}
	}
	return -1;
}

/* Why a token is not a number. */
enum {
	NUM_OK,
	NUM_BAD,
	NUM_RANGE
};

/* Parse one number token of a file: decimal, or 0b binary for integers (as
 * the notes write split's keys). Returns NUM_OK, NUM_BAD or NUM_RANGE. */
static int parse_number(const char *tok, pram_type type, pram_value *v)
{
	char *end;
	errno = 0;
	if (type == PRAM_INT) {
		const char *digits = tok + (*tok == '-' || *tok == '+');
		long long x;
		if (strncmp(digits, "0b", 2) == 0 || strncmp(digits, "0B", 2) == 0) {
			if (!digits[2] || strspn(digits + 2, "01") != strlen(digits + 2))
				return NUM_BAD;
			unsigned long long u = strtoull(digits + 2, &end, 2);
			if (errno || u > (unsigned long long)INT64_MAX)
				return NUM_RANGE;
			x = *tok == '-' ? -(long long)u : (long long)u;
		} else {
			x = strtoll(tok, &end, 10);
			if (*end || end == tok)
				return NUM_BAD;
			if (errno == ERANGE)
				return NUM_RANGE;
		}
		v->i = x;
	} else {
		double x = strtod(tok, &end);
		if (*end || end == tok)
			return NUM_BAD;
		if (errno == ERANGE && fabs(x) > 1)
			return NUM_RANGE;
		if (!isfinite(x))
			return NUM_BAD;
		v->f = x;
	}
	return NUM_OK;
}

/* tok as it may be shown in a message: printable ASCII as it is, other
 * bytes as \xNN, at most about 24 characters. */
static const char *printable(const char *tok, char *buf, size_t len)
{
	size_t o = 0;
	for (const unsigned char *c = (const unsigned char *)tok; *c && o + 5 < len; c++) {
		if (o >= 24) {
			snprintf(buf + o, len - o, "...");
			return buf;
		}
		if (*c >= 0x20 && *c < 0x7f)
			buf[o++] = (char)*c;
		else
			o += (size_t)snprintf(buf + o, len - o, "\\x%02x", *c);
	}
	buf[o] = 0;
	return buf;
}

/* A port being read: its values and flags so far, grid rows. */
typedef struct port_buf {
	size_t cap, nflags, flagcap;
	size_t rows, row_len; /* grids: rows read, and their common length */
	long first_line;      /* where its values started, for messages */
	int seen;             /* its section appeared */
} port_buf;

static int push(algo_data *d, port_buf *b, pram_value v)
{
	if (d->n == b->cap) {
		size_t ncap = b->cap ? b->cap * 2 : 1024;
		pram_value *nv = realloc(d->vals, ncap * sizeof *nv);
		if (!nv)
			return -1;
		d->vals = nv;
		b->cap = ncap;
	}
	d->vals[d->n++] = v;
	return 0;
}

static int push_flag(algo_data *d, port_buf *b, unsigned char f)
{
	if (b->nflags == b->flagcap) {
		size_t ncap = b->flagcap ? b->flagcap * 2 : 1024;
		unsigned char *nf = realloc(d->flags, ncap);
		if (!nf)
			return -1;
		d->flags = nf;
		b->flagcap = ncap;
	}
	d->flags[b->nflags++] = f;
	return 0;
}

/* If p starts with "NAME:" for a port of a (or "flags:"), return the port's
 * index (or -2 for flags) and move *p past the colon; else -1. */
static int section(const algo *a, char **p)
{
	char *colon = strchr(*p, ':');
	if (!colon)
		return -1;
	size_t len = (size_t)(colon - *p);
	if (len == 5 && strncmp(*p, "flags", 5) == 0) {
		*p = colon + 1;
		return -2;
	}
	const algo_port *pt = algo_inputs(a);
	for (size_t k = 0; pt[k].name; k++)
		if (strlen(pt[k].name) == len && strncmp(*p, pt[k].name, len) == 0) {
			*p = colon + 1;
			return (int)k;
		}
	return -1;
}

/* The length of the section name at the start of s ("bogus" of
 * "bogus: 1 2"): a letter, then letters, digits, '-' and '_', then a colon;
 * 0 when s does not start so (a number, a word without its colon). */
static size_t section_word(const char *s)
{
	size_t k = 0;
	if (!isalpha((unsigned char)s[0]))
		return 0;
	while (isalnum((unsigned char)s[k]) || s[k] == '-' || s[k] == '_')
		k++;
	return s[k] == ':' ? k : 0;
}

/* The sections an input file of a may have, for a message: "the sections
 * of radix-sort are 'keys:' and 'values:'", with 'flags:' where an input
 * takes flags. */
static const char *section_list(const algo *a, char *buf, size_t len)
{
	const algo_port *pt = algo_inputs(a);
	size_t n = algo_nin(a), flags = 0;
	for (size_t k = 0; k < n; k++)
		flags |= (pt[k].props & ALGO_PORT_FLAGS) != 0;
	size_t all = n + flags,
	       o = (size_t)snprintf(buf, len, "the section%s of %s %s ", all > 1 ? "s" : "",
				    a->name, all > 1 ? "are" : "is");
	for (size_t k = 0; k < all && o < len; k++)
		o += (size_t)snprintf(buf + o, len - o, "%s'%s:'",
				      k == 0         ? ""
				      : k + 1 == all ? " and "
						     : ", ",
				      k < n ? pt[k].name : "flags");
	return buf;
}

/* Say, for a word with a colon where a number should be, that it is a
 * section, known or not: "file:line: unknown section 'bogus:': the
 * sections of reduce are 'x:' and 'flags:'". word is len characters. */
static void section_error(const algo *a, const char *word, size_t len, int known, const char *name,
			  long lineno, char *err, size_t errlen)
{
	char list[512];
	int shown = (int)(len < 40 ? len : 40);
	if (known)
		snprintf(err, errlen,
			 "%s:%ld: '%.*s:' starts a section, so it comes first on its line", name,
			 lineno, shown, word);
	else
		snprintf(err, errlen, "%s:%ld: unknown section '%.*s:': %s", name, lineno, shown,
			 word, section_list(a, list, sizeof list));
}

static int read_text(const algo *a, FILE *f, const char *name, const algo_params *p, algo_data *in,
		     char *err, size_t errlen)
{
	const algo_port *pt = algo_inputs(a);
	size_t nin = algo_nin(a), cur = 0;
	port_buf buf[ALGO_MAX_PORTS];
	char *line = NULL;
	size_t linecap = 0;
	long lineno = 0;
	memset(buf, 0, sizeof buf);
	for (size_t k = 0; k < nin; k++) {
		memset(&in[k], 0, sizeof in[k]);
		in[k].type = algo_port_type(&pt[k], p);
	}
	ssize_t got;
	int any = 0; /* a value or a section was read */
	while ((got = getline(&line, &linecap, f)) >= 0) {
		lineno++;
		char *q = line;
		int is_flags = 0;
		if (memchr(line, 0, (size_t)got)) {
			snprintf(err, errlen,
				 "%s:%ld: a NUL byte: this looks like binary data, not numbers",
				 name, lineno);
			goto fail;
		}
		/* A UTF-8 byte-order mark (some editors write one) is no token. */
		if (lineno == 1 && strncmp(q, "\xef\xbb\xbf", 3) == 0)
			q += 3;
		while (isspace((unsigned char)*q))
			q++;
		if (*q == '#')
			continue;
		int sec = section(a, &q);
		/* A word and a colon that name no input: a mistyped section, not
		 * a bad number. */
		if (sec == -1 && section_word(q)) {
			section_error(a, q, section_word(q), 0, name, lineno, err, errlen);
			goto fail;
		}
		any |= sec != -1;
		if (sec == -2) {
			is_flags = 1;
			if (!(pt[cur].props & ALGO_PORT_FLAGS)) {
				snprintf(err, errlen,
					 "%s:%ld: a flags line, but %s takes no flags%s%s", name,
					 lineno, a->name, nin > 1 ? " on " : "",
					 nin > 1 ? pt[cur].name : "");
				goto fail;
			}
		} else if (sec >= 0) {
			cur = (size_t)sec;
			if (buf[cur].seen) {
				snprintf(err, errlen, "%s:%ld: the values of '%s' are given twice",
					 name, lineno, pt[cur].name);
				goto fail;
			}
			buf[cur].seen = 1;
		}
		algo_data *d = &in[cur];
		port_buf *b = &buf[cur];
		size_t before = d->n;
		for (char *save = NULL, *tok = strtok_r(q, " \t\r\n,", &save); tok;
		     tok = strtok_r(NULL, " \t\r\n,", &save)) {
			pram_value v;
			char shown[64];
			int bad = parse_number(tok, is_flags ? PRAM_INT : d->type, &v);
			if (bad == NUM_OK && is_flags && v.i != 0 && v.i != 1)
				bad = NUM_BAD;
			if (bad == NUM_RANGE) {
				snprintf(err, errlen, "%s:%ld: '%s' is too large for %s", name,
					 lineno, printable(tok, shown, sizeof shown),
					 d->type == PRAM_INT ? "a 64-bit integer" : "a double");
				goto fail;
			}
			size_t word = section_word(tok);
			if (bad && word) {
				char *at = tok;
				section_error(a, tok, word, section(a, &at) != -1, name, lineno,
					      err, errlen);
				goto fail;
			}
			if (bad) {
				snprintf(err, errlen, "%s:%ld: '%s' is not %s", name, lineno,
					 printable(tok, shown, sizeof shown),
					 is_flags              ? "a flag (0 or 1)"
					 : d->type == PRAM_INT ? "an integer"
							       : "a finite number");
				goto fail;
			}
			any = 1;
			if (is_flags ? push_flag(d, b, (unsigned char)v.i) : push(d, b, v))
				goto oom;
		}
		if (!b->first_line && d->n > before)
			b->first_line = lineno;
		if (pt[cur].shape == ALGO_GRID && !is_flags && d->n > before) {
			size_t len = d->n - before;
			if (b->rows && len != b->row_len) {
				snprintf(
				    err, errlen,
				    "%s:%ld: row %zu of '%s' has %zu values, the rows before %zu",
				    name, lineno, b->rows + 1, pt[cur].name, len, b->row_len);
				goto fail;
			}
			b->row_len = len;
			b->rows++;
		}
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error: %s", name, strerror(errno));
		goto fail;
	}
	if (!any) {
		snprintf(err, errlen, "%s: no numbers in it (for an empty input, give --n 0)",
			 name);
		goto fail;
	}
	for (size_t k = 0; k < nin; k++) {
		if ((pt[k].props & ALGO_PORT_NEEDS_FLAGS) && !in[k].flags) {
			snprintf(err, errlen, "%s: %s needs a 'flags:' line (%s)", name, a->name,
				 pt[k].help);
			goto fail;
		}
		if (in[k].flags && buf[k].nflags != in[k].n) {
			snprintf(err, errlen,
				 "%s: %zu flags for %zu values%s%s; give one flag per value", name,
				 buf[k].nflags, in[k].n, nin > 1 ? " of " : "",
				 nin > 1 ? pt[k].name : "");
			goto fail;
		}
		if (k > 0 && !buf[k].seen && !(pt[k].props & ALGO_PORT_OPTIONAL)) {
			snprintf(err, errlen,
				 "%s: no values for the input '%s' (a line '%s:' starts them)",
				 name, pt[k].name, pt[k].name);
			goto fail;
		}
		if (!in[k].vals && algo_data_alloc(&in[k], 0, in[k].type, 0))
			goto oom;
		if (pt[k].shape == ALGO_GRID) {
			in[k].w = buf[k].row_len;
			in[k].h = buf[k].rows;
		}
		/* A port that takes flags and was given none is one segment. */
		if ((pt[k].props & ALGO_PORT_FLAGS) && !in[k].flags) {
			in[k].flags = calloc(in[k].n ? in[k].n : 1, 1);
			if (!in[k].flags)
				goto oom;
			in[k].flags[0] = in[k].n > 0;
		}
	}
	free(line);
	return 0;
oom:
	snprintf(err, errlen, "%s:%ld: out of memory", name, lineno);
fail:
	free(line);
	algo_data_free_all(in, nin);
	return -1;
}

/* A PGM image (pgm.h) for a's first grid input; every other input of a must
 * be optional, and is left empty. */
static int read_pgm(const algo *a, const unsigned char *buf, size_t len, const char *name,
		    const algo_params *p, algo_data *in, char *err, size_t errlen)
{
	const algo_port *pt = algo_inputs(a);
	size_t nin = algo_nin(a), g = nin;
	for (size_t k = 0; k < nin; k++)
		if (pt[k].shape == ALGO_GRID && g == nin)
			g = k;
	if (g == nin) {
		snprintf(err, errlen,
			 "%s: a PGM image, but %s reads no image (its inputs are not grids)", name,
			 a->name);
		return -1;
	}
	for (size_t k = 0; k < nin; k++)
		if (k != g && !(pt[k].props & ALGO_PORT_OPTIONAL)) {
			snprintf(err, errlen,
				 "%s: a PGM image gives only '%s', and %s needs '%s' too (give a "
				 "text input with a section for each)",
				 name, pt[g].name, a->name, pt[k].name);
			return -1;
		}
	pgm_image img;
	if (pgm_parse(buf, len, name, &img, err, errlen))
		return -1;
	for (size_t k = 0; k < nin; k++) {
		pram_type t = algo_port_type(&pt[k], p);
		int rc = k == g ? algo_grid_alloc(&in[k], img.w, img.h, t)
				: algo_data_alloc(&in[k], 0, t, 0);
		if (rc) {
			snprintf(err, errlen, "%s: out of memory for %zu by %zu pixels", name,
				 img.w, img.h);
			algo_data_free_all(in, k);
			pgm_free(&img);
			return -1;
		}
	}
	for (size_t i = 0; i < in[g].n; i++) {
		if (in[g].type == PRAM_INT)
			in[g].vals[i].i = img.px[i];
		else
			in[g].vals[i].f = img.px[i];
	}
	pgm_free(&img);
	return 0;
}

int algo_read_stream(const algo *a, FILE *f, const char *name, const algo_params *p, algo_data *in,
		     char *err, size_t errlen)
{
	unsigned char *buf = NULL;
	size_t len = 0;
	size_t nin = algo_nin(a);
	for (size_t k = 0; k < nin; k++)
		memset(&in[k], 0, sizeof in[k]);
	if (pgm_slurp(f, &buf, &len)) {
		snprintf(err, errlen, "%s: cannot read: %s", name, strerror(errno));
		return -1;
	}
	int rc;
	char other[256];
	if (pgm_sniff(buf, len)) {
		rc = read_pgm(a, buf, len, name, p, in, err, errlen);
	} else if (pgm_sniff_other(buf, len, other, sizeof other)) {
		/* Its magic number is no number: say what the file is instead. */
		snprintf(err, errlen, "%s: %s", name, other);
		rc = -1;
	} else if (len == 0) { /* f is at its end: as good as an empty stream */
		rc = a->read_file ? a->read_file(f, name, p, in, err, errlen) : 1;
		if (rc == 1)
			rc = read_text(a, f, name, p, in, err, errlen);
	} else {
		FILE *mf = fmemopen(buf, len, "r");
		if (!mf) {
			snprintf(err, errlen, "%s: cannot read: %s", name, strerror(errno));
			free(buf);
			return -1;
		}
		rc = a->read_file ? a->read_file(mf, name, p, in, err, errlen) : 1;
		if (rc == 1) {
			rewind(mf);
			rc = read_text(a, mf, name, p, in, err, errlen);
		}
		fclose(mf);
	}
	free(buf);
	return rc;
}

/* A key-range parameter pa (index k of a) from the first input's keys,
 * into p, its words appended to note at *o. 0, or -1 with why in err. */
static int key_range_from(const algo *a, size_t k, algo_params *p, const algo_data *keys,
			  const char *name, char *note, size_t notelen, size_t *o, char *err,
			  size_t errlen)
{
	const algo_param *pa = &a->params[k];
	int64_t most = -1;
	size_t at = 0;
	for (size_t i = 0; i < keys->n; i++) {
		int64_t v = keys->vals[i].i;
		if (v < 0) {
			snprintf(err, errlen,
				 "%s: key %" PRId64 " at index %zu is negative: %s sorts whole "
				 "numbers >= 0",
				 name, v, i, a->name);
			return -1;
		}
		if (v > most) {
			most = v;
			at = i;
		}
	}
	/* The least range that holds every key, as the parameter takes it. */
	uint64_t range = (uint64_t)most + 1;
	if (range < (uint64_t)pa->min)
		range = (uint64_t)pa->min;
	if (pa->props & ALGO_PARAM_POW2)
		while (range & (range - 1))
			range += range & -range;
	if (range > (uint64_t)pa->max) {
		char hi[32];
		snprintf(err, errlen,
			 "%s: key %" PRId64 " at index %zu is past the keys %s sorts: --%s is at "
			 "most %s",
			 name, most, at, a->name, pa->name, number(pa->max, hi, sizeof hi));
		return -1;
	}
	p->v[k] = (int64_t)range;
	char words[160];
	if (most < 0)
		snprintf(words, sizeof words, "(it has no keys)");
	else
		snprintf(words, sizeof words, "(its largest key %" PRId64 "%s)", most,
			 range != (uint64_t)most + 1 ? ", up to a power of two" : "");
	/* "key-range" reads "key range" in a sentence. */
	char label[64];
	snprintf(label, sizeof label, "%s", pa->name);
	for (char *c = label; *c; c++)
		*c = *c == '-' ? ' ' : *c;
	if (*o < notelen)
		*o +=
		    (size_t)snprintf(note + *o, notelen - *o, "%s%s %" PRIu64 ", from the input %s",
				     *o ? "; " : "", label, range, words);
	return 0;
}

int algo_params_from_input(const algo *a, algo_params *p, algo_data *in, const char *name,
			   char *note, size_t notelen, char *err, size_t errlen)
{
	const algo_port *pt = algo_inputs(a);
	size_t o = 0;
	note[0] = 0;
	for (size_t k = 0; a->params && a->params[k].name; k++)
		if ((a->params[k].props & ALGO_PARAM_KEY_RANGE) && !((p->given >> k) & 1) &&
		    in[0].type == PRAM_INT &&
		    key_range_from(a, k, p, &in[0], name, note, notelen, &o, err, errlen))
			return -1;
	int real = 0;
	for (size_t k = 0; pt[k].name; k++)
		real |= pt[k].elem == ALGO_ELEM_DATA && in[k].type == PRAM_FLOAT;
	if (!real || p->type == PRAM_FLOAT)
		return 0;
	if (!(a->caps & ALGO_FLOAT)) {
		snprintf(err, errlen, "%s: its values are real, and %s takes integers only", name,
			 a->name);
		return -1;
	}
	p->type = PRAM_FLOAT;
	/* Every data port takes the run's type: one the file gave as integers
	 * is converted (they are exact in a double up to 2^53). */
	for (size_t k = 0; pt[k].name; k++)
		if (pt[k].elem == ALGO_ELEM_DATA && in[k].type == PRAM_INT) {
			for (size_t i = 0; i < in[k].n; i++)
				in[k].vals[i].f = (double)in[k].vals[i].i;
			in[k].type = PRAM_FLOAT;
		}
	if (o < notelen)
		snprintf(note + o, notelen - o,
			 "%sthe data type from the input (its values are real)", o ? "; " : "");
	return 0;
}

int algo_read_input(const algo *a, const char *path, const algo_params *p, algo_data *in, char *err,
		    size_t errlen)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (!f) {
		size_t nin = algo_nin(a);
		for (size_t k = 0; k < nin; k++)
			memset(&in[k], 0, sizeof in[k]);
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	int rc = algo_read_stream(a, f, path, p, in, err, errlen);
	if (f != stdin)
		fclose(f);
	return rc;
}

double algo_float_tolerance(const algo_data *in, double eps)
{
	double abs_sum = 0;
	for (size_t i = 0; i < in->n; i++)
		abs_sum += fabs(in->vals[i].f);
	/* Any summation order of n terms errs by at most (n - 1) eps sum|a|; the
	 * tree orders of scans and reductions by ceil(log2 n) eps sum|a|. Allow
	 * two more levels for the last rounding of each side. */
	return (algo_ceil_log2(in->n) + 2) * eps * abs_sum;
}

double algo_tolerance(const algo *a, const algo_data *in, const algo_params *p, double eps)
{
	return a->tolerance ? a->tolerance(in, p, eps) : algo_float_tolerance(in, eps);
}

int algo_cost_of(const algo *a, const algo_data *in, const algo_params *p, uint64_t *w, uint64_t *d)
{
	if (a->cost_in)
		return a->cost_in(in, p, w, d);
	return a->cost ? a->cost(in->n, p, w, d) : -1;
}

const char *algo_size_name(size_t n, char *buf, size_t len)
{
	if (n && (n & (n - 1)) == 0)
		snprintf(buf, len, "2^%u", algo_ceil_log2(n));
	else
		snprintf(buf, len, "%zu", n);
	return buf;
}

unsigned algo_ceil_log2(size_t n)
{
	unsigned k = 0;
	while (((size_t)1 << k) < n)
		k++;
	return k;
}

size_t algo_next_pow2(size_t n)
{
	return (size_t)1 << algo_ceil_log2(n);
}
