/*
 * algo.h - the algorithm registry: one table that the command line, the
 * tests, the report tool and the lessons all read.
 *
 * Each algorithm is a PRAM program (run on libpram), a sequential reference
 * in plain C, its named inputs, outputs and parameters, and its predicted
 * work and depth (big-O and, where the program allows, the exact closed
 * form). It lives in algos/STEM.c as `const algo algo_STEM` and is listed
 * once in algos/list.h; its kernels, where it has them, are
 * kernels/STEM.cl and kernels/gpu_STEM.c (doc/hacking.md).
 */
#ifndef PRAM_ALGO_H
#define PRAM_ALGO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pram.h"

/*
 * What an algorithm declares, so that the command line, the input reader,
 * the generators, GPU validation, the report and the checker need no code of
 * their own for it: its named inputs and outputs (ports) and its own
 * parameters. A new knob or a new input shape touches only the algorithm's
 * file.
 */

/* Most ports and parameters an algorithm may declare. */
#define ALGO_MAX_PORTS  4
#define ALGO_MAX_PARAMS 12

/* What a port's elements are. */
typedef enum algo_elem {
	ALGO_ELEM_DATA,  /* integers, or floats under --float (the run's type) */
	ALGO_ELEM_INT,   /* always integers (keys, indices, counts) */
	ALGO_ELEM_FLOAT, /* always floats */
} algo_elem;

typedef enum algo_shape {
	ALGO_VECTOR, /* n elements */
	ALGO_GRID,   /* w by h elements, row by row */
} algo_shape;

/* Port properties. */
enum {
	ALGO_PORT_FLAGS = 1 << 0,       /* carries one flag per element (segment starts) */
	ALGO_PORT_NEEDS_FLAGS = 1 << 1, /* and an input file must give them (no default) */
	ALGO_PORT_OPTIONAL = 1 << 2,    /* an input file may leave it out: then it is empty */
};

/* A named input or output. */
typedef struct algo_port {
	const char *name; /* "x", "keys", "image": the section name in an input file */
	algo_shape shape;
	algo_elem elem;
	unsigned props;   /* ALGO_PORT_* */
	const char *help; /* one line */
} algo_port;

/* Parameter properties. */
enum {
	ALGO_PARAM_POW2 = 1 << 0,  /* must be a power of two */
	ALGO_PARAM_SWEEP = 1 << 1, /* the report sweeps it (f per work-item) */
	/* The first input's keys lie in [0, V): not given, an input file sets
	 * it from its largest key (algo_params_from_input). */
	ALGO_PARAM_KEY_RANGE = 1 << 2,
	/* Whole warps: a power of two below 32 or a multiple of 32 (the size
	 * of a work-group whose warps must be whole). */
	ALGO_PARAM_WARPS = 1 << 3,
};

/* The most values of a parameter the report draws a series for each. */
#define ALGO_MAX_SERIES 8

/* One of an algorithm's own parameters: a whole number (or one of named
 * choices) that the command line takes as --NAME VALUE. */
typedef struct algo_param {
	const char *name;           /* "per-proc": the option --per-proc */
	const char *metavar;        /* "F", for the usage line */
	int64_t min, max;           /* the range a given value must lie in */
	int64_t def;                /* the default (any value; 0 may mean "the program's choice") */
	unsigned props;             /* ALGO_PARAM_* */
	const char *const *choices; /* NULL-ended names of the values 0, 1, ...; NULL: numbers */
	const char *help;           /* one line */
	/* The values the report measures the algorithm at, one series each in
	 * its figures (radix-sort's bits per pass: 1, 2, 4, 8); nseries 0:
	 * the report takes the default only. At most one parameter of an
	 * algorithm has them. */
	int64_t series[ALGO_MAX_SERIES];
	unsigned nseries;
} algo_param;

/*
 * A check of an input's size as a file's header declares it, before the
 * reader allocates anything for it (read_file, through algo_params.guard),
 * so that a few lines declaring a huge matrix are refused at once: elements
 * are the values the inputs will hold, all ports together, and work the W
 * of a run on them (0 when not known). Returns 0 to read on, or -1 with
 * what the size would take and the limit it passes in why ("spmv-csr would
 * need about 44.7 GiB of memory (more than 80% of this machine's 15.5
 * GiB) ..."), which the reader gives after the file, the line and the
 * size as declared.
 */
typedef struct algo_guard algo_guard;
struct algo_guard {
	int (*check)(const algo_guard *g, uint64_t elements, uint64_t work, char *why, size_t len);
	void *ud; /* the check's own */
};

/* Options of one run. */
typedef struct algo_params {
	pram_op op;                 /* sum, max or min for scans and reductions */
	int count;                  /* --op count (ALGO_OP_COUNT entries): op is sum, of x != 0 */
	int inclusive;              /* scans: 1 inclusive, 0 exclusive */
	pram_type type;             /* PRAM_INT or PRAM_FLOAT: the type of ALGO_ELEM_DATA ports */
	pram_model model;           /* the model the run is checked under */
	int64_t v[ALGO_MAX_PARAMS]; /* the algorithm's parameters, by their index in its table */
	unsigned given;             /* bit k: parameter k was given, not defaulted */
	const algo_guard *guard;    /* judges a size a file's header declares; NULL: none */
} algo_params;

/* A port's data: a vector, or a grid of w by h stored row by row. */
typedef struct algo_data {
	size_t n;             /* elements (w h for a grid) */
	size_t w, h;          /* a grid's width and height; 0 and 0 for a vector */
	pram_type type;       /* of vals */
	pram_value *vals;     /* n values; caller frees with algo_data_free */
	unsigned char *flags; /* n segment flags (1 = a segment starts), or NULL */
} algo_data;

/* Capabilities of an entry. */
enum {
	ALGO_OP = 1 << 0,        /* takes --op sum|max|min */
	ALGO_INCLUSIVE = 1 << 1, /* takes --inclusive / --exclusive */
	ALGO_FLOAT = 1 << 2,     /* runs on float data too */
	/* The output length depends on the data (one value per segment, the
	 * kept elements of a compaction): out_len gives an upper bound and
	 * simulate and reference lower out->n to the real length. */
	ALGO_OUT_DATA = 1 << 6,
	/* Also takes --op count: the number of nonzero elements, a sum of 0/1
	 * (algo_params.count); refused, with a message, everywhere else. */
	ALGO_OP_COUNT = 1 << 7,
};

/* Exact cost for input size n (the length of the first input) and the
 * parameters, when the closed form exists: returns 0 and sets *w and *d, or
 * -1 when there is none. */
typedef int (*algo_cost_fn)(size_t n, const algo_params *p, uint64_t *w, uint64_t *d);

/*
 * A figure of the report that an algorithm declares for itself, beside the
 * time and cost figures every algorithm gets (sat's float32 error by image
 * size): the algorithm computes its points, the report draws them. The
 * report writes LABEL-NAME.csv (LABEL the algorithm's name in the report),
 * its header "algorithm,COLUMNS", then one row "LABEL,FIELDS" for each point
 * of each series in turn (a series' points together, so that the template
 * may join them in a line), and gives the template plots/TMPL.gp the
 * series' names as nseries and the gnuplot array SERIES_VAR.
 */
typedef struct algo_figure {
	const char *name;          /* "precision": its kind in summary.json, its file's suffix */
	const char *tmpl;          /* its gnuplot template: plots/TMPL.gp */
	const char *title;         /* what it shows, gnuplot enhanced text, after "LABEL: " */
	const char *columns;       /* its CSV columns after "algorithm" */
	const char *series_var;    /* the template's array of the series' names: "tables" */
	const char *const *series; /* the series' names, ended by NULL */
	/* Point k of series s as its CSV fields after the algorithm's, into buf
	 * (no newline; len is at least 256). Returns 1 when written, 0 when the
	 * series has no point k (it ended at k - 1), -1 when out of memory. */
	int (*point)(size_t s, size_t k, char *buf, size_t len);
} algo_figure;

/*
 * In the functions below, `in` is the array of the algorithm's inputs, one
 * algo_data per declared input port in order, and `out` the array of its
 * outputs; an algorithm with one input and one output simply uses in->... and
 * out->...
 */
typedef struct algo {
	const char *name;         /* "scan-blelloch" */
	const char *family;       /* "scan", "reduce", ... */
	const char *desc;         /* one line */
	pram_model model;         /* the weakest model the program is legal under */
	unsigned caps;            /* ALGO_* */
	int default_inclusive;    /* for ALGO_INCLUSIVE entries */
	const algo_port *inputs;  /* ended by {0}; NULL: one data vector "x" */
	const algo_port *outputs; /* ended by {0}; NULL: one data vector "y" */
	const algo_param *params; /* ended by {0}; NULL: none */
	const char *work_o;       /* "O(n log n)" */
	const char *depth_o;      /* "O(log n)" */
	const char *work_exact;   /* closed form in words, or NULL */
	const char *depth_exact;  /* closed form in words, or NULL */
	algo_cost_fn cost;        /* exact W(n), D(n), or NULL */
	/* Length of output port `port` for the inputs in. NULL: every output
	 * has the first input's shape. With ALGO_OUT_DATA, an upper bound that
	 * simulate and reference may lower. */
	size_t (*out_len)(const algo_data *in, size_t port, const algo_params *p);
	/* Fill in every input with a seeded random instance of size n; NULL:
	 * the default generator (algo_generate). */
	int (*generate)(algo_data *in, size_t n, const algo_params *p, uint64_t seed);
	/* The PRAM program: run it on m, write the result into out (allocated by
	 * the caller as algo_alloc_outputs does; with ALGO_OUT_DATA it sets
	 * out->n to the elements written). Returns 0; errors are in m. */
	int (*simulate)(pram *m, const algo_data *in, algo_data *out, const algo_params *p);
	/* The sequential reference, into out (allocated by the caller; with
	 * ALGO_OUT_DATA it sets out->n as simulate does). */
	void (*reference)(const algo_data *in, algo_data *out, const algo_params *p);
	/* The bytes one run must move between the processors and memory, reads
	 * plus writes, for the effective bandwidth that `pram bench` prints: in
	 * are the inputs, out the outputs as computed (out->n their real
	 * lengths). Count what the algorithm cannot avoid (each input element
	 * read once, each output element written once), not what a kernel
	 * happens to move. NULL: 4 bytes for every element of every input and
	 * output, which is right for a scan or a reduction, plus n / 8 bytes for
	 * an input with segment flags, which the device reads packed, one bit
	 * per element (a segmented scan of n moves 8n + n/8 bytes). */
	uint64_t (*bytes)(const algo_data *in, const algo_data *out, const algo_params *p);
	/* The rounds a run makes over the data (jump flooding's K passes) on the
	 * inputs in, so that `pram bench` can state the time of one beside the
	 * total; 0 or NULL: none stated. */
	unsigned (*passes)(const algo_data *in, const algo_params *p);
	/* Exact cost of a run on the inputs in themselves, for a program whose
	 * cost depends on more than the first input's length (the rows of a
	 * sparse matrix, the sides of an image): as cost. NULL: cost(in->n).
	 * Where only a size is at hand (the report's sweep, the run estimate)
	 * cost gives the cost of the generator's shape at that size. */
	int (*cost_in)(const algo_data *in, const algo_params *p, uint64_t *w, uint64_t *d);
	/* The float tolerance of a result computed from in with unit roundoff
	 * eps, where the default (algo_float_tolerance of the first input)
	 * does not bound the error (a product of two inputs). NULL: the
	 * default. */
	double (*tolerance)(const algo_data *in, const algo_params *p, double eps);
	/* Read the inputs from f, the whole input named name (a file, or "-"
	 * for standard input) at its start, in a format of the algorithm's own
	 * (a Matrix Market file for a sparse matrix). Returns 1 when it is not
	 * in that format (the text reader then reads it), 0 when it was read
	 * into in (algo_nin ports, the caller frees them), or -1 with
	 * "file:line: what" in err. The data ports (ALGO_ELEM_DATA) are of p's
	 * type, or floats where the file itself says its values are real
	 * (algo_params_from_input then makes the run's type float); a size a
	 * header declares goes to p->guard, when set, before anything is
	 * allocated for it. NULL: text only. */
	int (*read_file)(FILE *f, const char *name, const algo_params *p, algo_data *in, char *err,
			 size_t errlen);
	/* When more than one output is correct (the winner of a CRCW-arbitrary
	 * write): whether out (every output) is one of the correct ones for in
	 * under p, whose model may narrow them (CRCW-priority has one). Returns
	 * -1 when it is, else the first bad index, with the reason in why. The
	 * simulator's run and the kernels are then validated by it, and the
	 * reference computes one correct output. NULL: every output must equal
	 * the reference's (algo_verify). */
	long (*check)(const algo_data *in, const algo_data *out, const algo_params *p, char *why,
		      size_t whylen);
	/* The largest n the program runs at (max-crcw's n^2 processors), which
	 * simulate refuses past with a message; the tests and the report's
	 * simulations stay at or below it (the report takes the closed form
	 * beyond). 0: no limit. */
	size_t max_n;
	/* The report's figures of the algorithm's own (algo_figure), ended by
	 * {0}; NULL: none. */
	const algo_figure *figures;
} algo;

/* The registry, in display order, ended by NULL. */
extern const algo *const algo_registry[];
/* The entry named name, or NULL. */
const algo *algo_find(const char *name);

/* Default parameters for a: sum, its default inclusiveness, int, its model
 * and every parameter at its default. */
algo_params algo_default_params(const algo *a);

/* The declared ports and parameters (the implicit "x" and "y" when an entry
 * declares none), and how many there are. */
const algo_port *algo_inputs(const algo *a);
const algo_port *algo_outputs(const algo *a);
size_t algo_nin(const algo *a);
size_t algo_nout(const algo *a);
size_t algo_nparams(const algo *a);
/* The element type of port pt under parameters p. */
pram_type algo_port_type(const algo_port *pt, const algo_params *p);
/* The index of a's parameter named name (without the dashes), or -1. */
int algo_param_index(const algo *a, const char *name);
/* The index of the parameter the report sweeps (ALGO_PARAM_SWEEP), or -1. */
int algo_swept_param(const algo *a);
/* The index of the parameter the report draws a series for each value of
 * (algo_param.series), or -1. */
int algo_series_param(const algo *a);
/* Whether the first input carries segment flags. */
int algo_takes_flags(const algo *a);

/*
 * Set one option of a run by its command-line name (without the dashes) and
 * value: "op", "inclusive", "exclusive", "float" (value NULL) or one of a's
 * own parameters. Numbers may be written 2^k. Returns 0, or -1 with a message
 * in err that names the option and says what is accepted ("scan-blelloch
 * does not take --per-proc", "--block '3': give a power of two from 2 to
 * 2^20").
 */
int algo_set_option(const algo *a, algo_params *p, const char *name, const char *value, char *err,
		    size_t errlen);
/* Parse a whole number as every option writes them: decimal (010 is ten,
 * not octal), 0x hex or 2^k, with an optional minus sign and nothing else
 * (no spaces). Returns 0, or -1 for anything else or a number out of
 * int64's range. */
int algo_parse_int(const char *s, int64_t *out);

/* The name of p's operator as --op spells it: "count" or sum, max, min. */
const char *algo_op_name(const algo_params *p);

/* Set a's parameter name to v, as given (programs and tests). Returns 0, or
 * -1 when a has no such parameter or v is out of its range. */
int algo_set_param(const algo *a, algo_params *p, const char *name, int64_t v);
/* Whether name is an option algo_set_option knows for some algorithm (the
 * generic ones and every registered parameter), and whether it takes a
 * value. */
int algo_option_known(const char *name, int *takes_value);
/* Print a's parameters, one per line, as the help of the commands does. */
void algo_print_params(const algo *a, FILE *f);

/* The bytes a run of a over in, making out, must move between the
 * processors and memory: the entry's own count (algo.bytes), or 4 bytes for
 * every element of every input and output and a bit per flag. */
uint64_t algo_bytes(const algo *a, const algo_data *in, const algo_data *out, const algo_params *p);

/* Data. algo_data_alloc returns 0 or -1 (out of memory); the vectors are
 * zeroed. algo_data_free accepts a zeroed or freed one. */
int algo_data_alloc(algo_data *d, size_t n, pram_type t, int with_flags);
/* A grid of w by h. */
int algo_grid_alloc(algo_data *d, size_t w, size_t h, pram_type t);
void algo_data_free(algo_data *d);
/* Free the n ports of an array of data (the array itself is the caller's). */
void algo_data_free_all(algo_data *d, size_t n);
/* Allocate a's outputs (algo_nout of them, into out) for the inputs in:
 * the lengths out_len gives, or the first input's shape. 0 or -1. */
int algo_alloc_outputs(const algo *a, const algo_data *in, const algo_params *p, algo_data *out);
/* Fill in (algo_nin ports) with a seeded random instance of size n: the
 * entry's generator, or the default one, which gives every vector port n
 * elements and every grid port a square of about n cells (integers in
 * [0, 100), floats in [0, 1), about one segment start in eight). */
int algo_generate(const algo *a, algo_data *in, size_t n, const algo_params *p, uint64_t seed);

/* Compare a result with the reference. Integers must be equal; floats must
 * agree within tol. On a mismatch returns the first bad index (and says why
 * in why), else -1. */
long algo_compare(const algo_data *got, const algo_data *want, double tol, char *why,
		  size_t whylen);
/* Validate the outputs out of a run of a on in against the reference's,
 * ref (nout of each): a's check where it has one, else algo_compare on
 * each output in turn, floats within tol. Returns -1 when valid, else the
 * first bad index, with the output's number in *port and the reason in
 * why. */
long algo_verify(const algo *a, const algo_data *in, const algo_data *out, const algo_data *ref,
		 const algo_params *p, double tol, size_t *port, char *why, size_t whylen);
/* The float tolerance for results computed from in with unit roundoff eps
 * (DBL_EPSILON for the simulator, FLT_EPSILON for float kernels):
 * (ceil(log2 n) + 2) * eps * sum |in|. */
double algo_float_tolerance(const algo_data *in, double eps);
/* The tolerance of a's float results for the inputs in: its own
 * (algo.tolerance), or algo_float_tolerance of the first input. */
double algo_tolerance(const algo *a, const algo_data *in, const algo_params *p, double eps);
/* The exact cost of a run of a on in: its cost_in, else its cost at the
 * first input's length. Returns 0, or -1 when there is no closed form. */
int algo_cost_of(const algo *a, const algo_data *in, const algo_params *p, uint64_t *w,
		 uint64_t *d);

/*
 * Read a's inputs from path ("-" for standard input) into in (algo_nin
 * ports). The text holds whitespace- or comma-separated numbers and '#'
 * comments. Numbers before any section go to the first input; a line
 * "NAME:" (NAME an input port of a) starts that port's values, which may
 * follow on the same line; a line "flags: 1 0 0 1 ..." gives the segment
 * flags of the current port (refused for a port without ALGO_PORT_FLAGS; a
 * flagged port given none is one segment, unless ALGO_PORT_NEEDS_FLAGS). A
 * grid port's values are rows, one line each, all of the same length.
 * Integers (decimal, or 0b binary) unless the port's type is float. A UTF-8
 * byte-order mark is skipped; NUL bytes, numbers out of range, a "WORD:"
 * that names no input (the message lists the sections a takes) and a text
 * with no numbers at all are refused, and a bad token is shown escaped.
 * Returns 0, or -1 with "file:line: what" in err.
 */
int algo_read_input(const algo *a, const char *path, const algo_params *p, algo_data *in, char *err,
		    size_t errlen);
/* The same from an open stream; name is what the messages call it. */
int algo_read_stream(const algo *a, FILE *f, const char *name, const algo_params *p, algo_data *in,
		     char *err, size_t errlen);
/*
 * What the inputs in, read from the file name, say of the run where the
 * command line was silent, set in p: a parameter marked
 * ALGO_PARAM_KEY_RANGE and not given becomes the largest key of the first
 * input plus one (at least the parameter's least, and the next power of
 * two under ALGO_PARAM_POW2); and integer data becomes float where the
 * reader read the file's values as floats (a Matrix Market header saying
 * real), every data input of in with it. Returns 0 with what it set in note, each with where it came from
 * ("key range 88663, from the input (its largest key 88662)"; "" when
 * nothing), or -1 with "name: what" in err: a negative key, or a key past
 * the parameter's largest value, each named with its index; float values
 * for an algorithm that takes integers only.
 */
int algo_params_from_input(const algo *a, algo_params *p, algo_data *in, const char *name,
			   char *note, size_t notelen, char *err, size_t errlen);

/* A seeded 64-bit generator (splitmix64) for inputs. */
uint64_t algo_rand(uint64_t *state);

/* n as the notes write sizes: "2^k" for a power of two, else the number;
 * into buf, which it returns. */
const char *algo_size_name(size_t n, char *buf, size_t len);

/* Helpers for programs: ceil(log2 n) (0 for n <= 1), the next power of two. */
unsigned algo_ceil_log2(size_t n);
size_t algo_next_pow2(size_t n);

#endif /* PRAM_ALGO_H */
