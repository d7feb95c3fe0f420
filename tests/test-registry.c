/*
 * test-registry.c - what algorithms declare and what reads the declarations:
 * named inputs and outputs (vectors, grids, flags), parameter tables, the
 * option setter the command line and the checker use, the input reader and
 * the default generator. A test algorithm with two inputs (a flagged vector
 * and a grid) and two parameters stands in for the multi-input algorithms;
 * then every registered entry is checked for a well-formed declaration.
 * Prints TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "tap.h"

static const algo_port two_inputs[] = {
    {.name = "keys",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .props = ALGO_PORT_FLAGS,
     .help = "keys"},
    {.name = "image", .shape = ALGO_GRID, .elem = ALGO_ELEM_DATA, .help = "an image"},
    {0},
};

static const algo_port two_outputs[] = {
    {.name = "counts", .shape = ALGO_VECTOR, .elem = ALGO_ELEM_INT, .help = "counts"},
    {.name = "table", .shape = ALGO_GRID, .elem = ALGO_ELEM_DATA, .help = "a table"},
    {0},
};

static const char *const dists[] = {"uniform", "equal", "zipf", NULL};

static const algo_param two_params[] = {
    {.name = "bins",
     .metavar = "M",
     .min = 1,
     .max = 1 << 16,
     .def = 256,
     .props = ALGO_PARAM_POW2,
     .help = "bins"},
    {.name = "dist", .metavar = "D", .def = 0, .choices = dists, .help = "distribution"},
    {0},
};

static size_t two_out_len(const algo_data *in, size_t port, const algo_params *p)
{
	return port == 0 ? (size_t)p->v[0] : in[1].n;
}

static const algo two = {
    .name = "two-inputs",
    .family = "test",
    .desc = "a test entry",
    .model = PRAM_EREW,
    .caps = ALGO_FLOAT,
    .inputs = two_inputs,
    .outputs = two_outputs,
    .params = two_params,
    .out_len = two_out_len,
};

/* Read text as two's input through algo_read_stream. */
static int read_text(const char *text, const algo_params *p, algo_data *in, char *err,
		     size_t errlen)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	if (!f) {
		snprintf(err, errlen, "fmemopen failed");
		return -1;
	}
	int rc = algo_read_stream(&two, f, "case.txt", p, in, err, errlen);
	fclose(f);
	return rc;
}

static void test_declarations(void)
{
	TAP_EQ_I(algo_nin(&two), 2, "two inputs declared");
	TAP_EQ_I(algo_nout(&two), 2, "two outputs declared");
	TAP_EQ_I(algo_nparams(&two), 2, "two parameters declared");
	TAP_OK(algo_takes_flags(&two), "the first input carries flags");
	algo_params p = algo_default_params(&two);
	TAP_EQ_I(p.v[0], 256, "bins defaults to 256");
	TAP_EQ_I(p.given, 0, "nothing given yet");
	TAP_EQ_I(algo_port_type(&two_inputs[0], &p), PRAM_INT, "keys are integers");
	p.type = PRAM_FLOAT;
	TAP_EQ_I(algo_port_type(&two_inputs[1], &p), PRAM_FLOAT, "the image follows --float");
	TAP_EQ_I(algo_port_type(&two_inputs[0], &p), PRAM_INT, "keys stay integers");

	/* The implicit ports of an entry that declares none. */
	const algo *reduce = algo_find("reduce");
	TAP_OK(reduce && algo_nin(reduce) == 1 && strcmp(algo_inputs(reduce)[0].name, "x") == 0,
	       "an entry without declarations has one input x");
}

static void test_options(void)
{
	char err[256];
	algo_params p = algo_default_params(&two);
	TAP_EQ_I(algo_set_option(&two, &p, "bins", "2^10", err, sizeof err), 0, "--bins 2^10");
	TAP_EQ_I(p.v[0], 1024, "bins is 1024");
	TAP_EQ_I(p.given, 1, "bins is marked given");
	TAP_EQ_I(algo_set_option(&two, &p, "bins", "100", err, sizeof err), -1,
		 "--bins 100 is refused");
	TAP_CONTAINS(err, "--bins '100': give a power of two from 1 to 2^16",
		     "the message says what is accepted");
	TAP_EQ_I(algo_set_option(&two, &p, "bins", "0", err, sizeof err), -1, "--bins 0 refused");
	TAP_EQ_I(algo_set_option(&two, &p, "bins", "12x", err, sizeof err), -1,
		 "--bins 12x refused");
	TAP_EQ_I(algo_set_option(&two, &p, "bins", NULL, err, sizeof err), -1,
		 "--bins without a value refused");
	TAP_EQ_I(algo_set_option(&two, &p, "dist", "zipf", err, sizeof err), 0, "--dist zipf");
	TAP_EQ_I(p.v[1], 2, "zipf is choice 2");
	TAP_EQ_I(algo_set_option(&two, &p, "dist", "normal", err, sizeof err), -1,
		 "--dist normal refused");
	TAP_CONTAINS(err, "give one of uniform, equal, zipf", "the message lists the choices");
	TAP_EQ_I(algo_set_option(&two, &p, "op", "max", err, sizeof err), -1,
		 "--op refused where the entry lacks ALGO_OP");
	TAP_CONTAINS(err, "two-inputs does not take --op", "and says so");
	TAP_EQ_I(algo_set_option(&two, &p, "per-proc", "4", err, sizeof err), -1,
		 "another algorithm's parameter is refused");
	TAP_CONTAINS(err, "two-inputs does not take --per-proc", "naming the option");
	TAP_EQ_I(algo_set_option(&two, &p, "frobnicate", "4", err, sizeof err), -1,
		 "an unknown option is refused");
	TAP_CONTAINS(err, "unknown option '--frobnicate'", "as unknown");
	TAP_EQ_I(algo_set_option(&two, &p, "float", NULL, err, sizeof err), 0, "--float");
	TAP_EQ_I(p.type, PRAM_FLOAT, "sets the data type");
	TAP_EQ_I(algo_set_param(&two, &p, "bins", 64), 0, "algo_set_param in range");
	TAP_EQ_I(algo_set_param(&two, &p, "bins", 65), -1, "algo_set_param checks powers of two");
	TAP_EQ_I(algo_set_param(&two, &p, "dist", 3), -1, "algo_set_param checks choices");
	int takes = 0;
	TAP_OK(algo_option_known("per-proc", &takes) && takes, "per-proc is a known option");
	TAP_OK(algo_option_known("inclusive", &takes) && !takes, "inclusive is a switch");
	TAP_OK(!algo_option_known("frobnicate", &takes), "frobnicate is not an option");
}

static void test_numbers(void)
{
	static const struct {
		const char *text;
		int ok;
		int64_t v;
	} cases[] = {
	    {"10", 1, 10},
	    {"010", 1, 10},
	    {"0x1F", 1, 31},
	    {"2^10", 1, 1024},
	    {"2^62", 1, (int64_t)1 << 62},
	    {"-7", 1, -7},
	    {"-2^63", 1, INT64_MIN},
	    {"9223372036854775807", 1, INT64_MAX},
	    {"2^63", 0, 0},
	    {"9223372036854775808", 0, 0},
	    {"", 0, 0},
	    {" 5", 0, 0},
	    {"5 ", 0, 0},
	    {"5x", 0, 0},
	    {"0x", 0, 0},
	    {"2^", 0, 0},
	    {"2^-1", 0, 0},
	    {"--5", 0, 0},
	    {"+5", 0, 0},
	};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		int64_t v = 0;
		int ok = algo_parse_int(cases[k].text, &v) == 0;
		TAP_OK(ok == cases[k].ok && (!ok || v == cases[k].v), "algo_parse_int('%s') %s",
		       cases[k].text, cases[k].ok ? "reads it" : "refuses it");
	}
}

static void test_reader(void)
{
	char err[256];
	algo_data in[ALGO_MAX_PORTS] = {0};
	algo_params p = algo_default_params(&two);
	const char *text = "# keys first, without a header\n"
			   "3 1 4 1 5\n"
			   "flags: 1 0 0 1 0\n"
			   "image:\n"
			   "  1 2 3\n"
			   "  4 5 6\n";
	int rc = read_text(text, &p, in, err, sizeof err);
	TAP_EQ_I(rc, 0, "two inputs read (%s)", rc ? err : "ok");
	if (rc == 0) {
		TAP_EQ_I(in[0].n, 5, "five keys");
		TAP_EQ_I(in[0].vals[2].i, 4, "keys[2] = 4");
		TAP_OK(in[0].flags && in[0].flags[3] == 1 && in[0].flags[1] == 0, "keys' flags");
		TAP_EQ_I(in[1].w, 3, "the image is 3 wide");
		TAP_EQ_I(in[1].h, 2, "and 2 high");
		TAP_EQ_I(in[1].vals[4].i, 5, "image row 1, column 1 = 5");
		TAP_OK(in[1].flags == NULL, "the image has no flags");

		algo_data out[ALGO_MAX_PORTS] = {0};
		p.v[0] = 16;
		TAP_EQ_I(algo_alloc_outputs(&two, in, &p, out), 0, "outputs allocated");
		TAP_EQ_I(out[0].n, 16, "counts has bins elements (out_len)");
		TAP_EQ_I(out[1].n, 6, "table has the image's cells");
		algo_data_free_all(out, 2);
	}
	algo_data_free_all(in, 2);

	rc = read_text("image: 1 2\n", &p, in, err, sizeof err);
	TAP_EQ_I(rc, 0, "keys may be empty when the image is given");
	algo_data_free_all(in, 2);

	rc = read_text("3 1 4\n", &p, in, err, sizeof err);
	TAP_EQ_I(rc, -1, "a missing second input is refused");
	TAP_CONTAINS(err, "case.txt: no values for the input 'image'", "naming it");

	rc = read_text("3 1\nimage:\n1 2 3\n4 5\n", &p, in, err, sizeof err);
	TAP_EQ_I(rc, -1, "ragged grid rows are refused");
	TAP_CONTAINS(err, "case.txt:4: row 2 of 'image' has 2 values, the rows before 3",
		     "with file, line and lengths");

	rc = read_text("3 1\nimage: 1\nkeys: 2\n", &p, in, err, sizeof err);
	TAP_EQ_I(rc, 0, "a section may come back to the first input");
	algo_data_free_all(in, 2);

	rc = read_text("3 1\nimage: 1\nimage: 2\n", &p, in, err, sizeof err);
	TAP_EQ_I(rc, -1, "a section given twice is refused");
	TAP_CONTAINS(err, "case.txt:3: the values of 'image' are given twice", "with its line");

	rc = read_text("3 1.5\nimage: 1\n", &p, in, err, sizeof err);
	TAP_EQ_I(rc, -1, "a float among integer keys is refused");
	TAP_CONTAINS(err, "case.txt:1: '1.5' is not an integer", "with file and line");

	p.type = PRAM_FLOAT;
	rc = read_text("3 1\nimage: 1.5 2.25\n", &p, in, err, sizeof err);
	TAP_OK(rc == 0 && in[1].type == PRAM_FLOAT && in[1].vals[1].f == 2.25 &&
		   in[0].type == PRAM_INT,
	       "--float makes the image float, the keys stay integers");
	algo_data_free_all(in, 2);

	rc = read_text("3 1 4\nflags: 1 0\nimage: 1\n", &p, in, err, sizeof err);
	TAP_EQ_I(rc, -1, "too few flags are refused");
	TAP_CONTAINS(err, "2 flags for 3 values of keys", "naming the input");

	rc = read_text("3 1 4\nimage: 1\n", &p, in, err, sizeof err);
	TAP_OK(rc == 0 && in[0].flags && in[0].flags[0] == 1 && in[0].flags[1] == 0,
	       "no flags line: the keys are one segment");
	algo_data_free_all(in, 2);
}

static void test_generator(void)
{
	algo_data in[ALGO_MAX_PORTS] = {0};
	algo_params p = algo_default_params(&two);
	TAP_EQ_I(algo_generate(&two, in, 100, &p, 3), 0, "the default generator fills both inputs");
	TAP_EQ_I(in[0].n, 100, "the vector has n elements");
	TAP_OK(in[0].flags && in[0].flags[0] == 1, "with flags, the first set");
	TAP_OK(in[1].w == 10 && in[1].h == 10 && in[1].n == 100, "the grid is 10 by 10");
	algo_data again[ALGO_MAX_PORTS] = {0};
	algo_generate(&two, again, 100, &p, 3);
	int same = 1;
	for (size_t i = 0; i < 100; i++)
		same &=
		    in[0].vals[i].i == again[0].vals[i].i && in[1].vals[i].i == again[1].vals[i].i;
	TAP_OK(same, "the same seed gives the same inputs");
	algo_data_free_all(in, 2);
	algo_data_free_all(again, 2);
}

/* Every registered entry: its declarations are well formed. */
static void test_registered(void)
{
	for (size_t k = 0; algo_registry[k]; k++) {
		const algo *a = algo_registry[k];
		int ok = algo_nin(a) >= 1 && algo_nin(a) <= ALGO_MAX_PORTS && algo_nout(a) >= 1 &&
			 algo_nout(a) <= ALGO_MAX_PORTS && algo_nparams(a) <= ALGO_MAX_PARAMS &&
			 a->simulate && a->reference && a->family && a->desc;
		algo_params p = algo_default_params(a);
		for (size_t i = 0; ok && i < algo_nparams(a); i++) {
			const algo_param *pa = &a->params[i];
			ok =
			    pa->help && (pa->choices || (pa->min <= pa->def && pa->def <= pa->max));
			int takes;
			ok = ok && algo_option_known(pa->name, &takes) && takes;
			ok = ok && algo_param_index(a, pa->name) == (int)i && p.v[i] == pa->def;
			/* A series: values the parameter takes, at most one parameter
			 * of the algorithm with them. */
			ok = ok && pa->nseries <= ALGO_MAX_SERIES &&
			     (!pa->nseries || algo_series_param(a) == (int)i);
			for (unsigned s = 0; ok && s < pa->nseries; s++) {
				algo_params q = algo_default_params(a);
				ok = algo_set_param(a, &q, pa->name, pa->series[s]) == 0;
			}
		}
		TAP_OK(ok, "%s declares its ports and parameters", a->name);
		TAP_OK(algo_find(a->name) == a, "%s is found by its name", a->name);
	}
}

int main(void)
{
	test_declarations();
	test_options();
	test_numbers();
	test_reader();
	test_generator();
	test_registered();
	return tap_done();
}
