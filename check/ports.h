/*
 * ports.h - the arguments of a program contract, from the registry
 * (ports.c): a `pram-program` function or a `kernel-program` kernel takes
 * its reference algorithm's ports (its inputs, a flags array after each
 * input that carries segment flags, its outputs), then the kernel's local
 * arrays, then the sizes (n, or w and h when the first input is a grid;
 * a kernel also gets NAME_len for each output its exercise's lengths:
 * names), then the reference's parameters the exercise passes (params:), in that
 * order; `pram-inplace` is the instance with the first input as the one
 * array, read and written, and n. The signature a student sees is made
 * from the same list, so the exercise, the driver that calls the function
 * and the message that says what it should be never disagree.
 *
 *     ck_arg args[CK_MAX_ARGS];
 *     size_t nargs;
 *     if (ck_contract_args(&ex, args, &nargs, err, sizeof err) != 0)
 *         ... err names the exercise's key at fault ...
 *     char sig[512];
 *     ck_contract_signature(&ex, args, nargs, sig, sizeof sig);
 *     // "void visible(pram *m, pram_array *x, pram_array *y, size_t n);"
 */
#ifndef PRAM_PORTS_H
#define PRAM_PORTS_H

#include <stddef.h>

#include "exercise.h"

typedef enum {
	CK_ARG_IN,    /* an input port: loaded, read by the program */
	CK_ARG_FLAGS, /* the segment flags of the input port before it */
	CK_ARG_OUT,   /* an output port: written by the program */
	CK_ARG_INOUT, /* pram-inplace's array: loaded, then read back */
	CK_ARG_LOCAL, /* a kernel's local array of L ints */
	CK_ARG_SIZE,  /* n, or a grid's w or h (param: 0, 1, 2), or the length of a
		       * kernel's output k that lengths: names (param: 3 + k) */
	CK_ARG_PARAM  /* one of the reference's parameters (param: its index) */
} ck_arg_kind;

typedef struct ck_arg {
	ck_arg_kind kind;
	size_t port;   /* IN, FLAGS, INOUT: the input's index; OUT: the output's */
	int param;     /* SIZE: 0 n, 1 w, 2 h; PARAM: the index in the reference's params */
	int type;      /* ports: the elements' pram_type under the exercise's args */
	char name[40]; /* as the signature names it, a C identifier ("row_starts") */
} ck_arg;

#define CK_MAX_ARGS 24

/* The arguments of ex's contract (pram-program, kernel-program or
 * pram-inplace), in order. Returns 0, or -1 with "what" in err: a
 * reference whose output length depends on the data, a params: or local:
 * name the reference or the kernel cannot have. */
int ck_contract_args(const ck_exercise *ex, ck_arg *args, size_t *nargs, char *err,
		     size_t errlen);
/* The signature the arguments make, as a student writes it: "void
 * ENTRY(pram *m, pram_array *x, ..., size_t n);" or "kernel void
 * ENTRY(global const int *x, ..., uint n)". */
void ck_contract_signature(const ck_exercise *ex, const ck_arg *args, size_t nargs, char *buf,
			   size_t len);
/* The glue of a pram-program (or pram-inplace) submission: the contract's
 * prototype, then `#include "include"` (the student's file), then
 * pramdriver_call(m, arrays, sizes, params), which calls the student's
 * function with the contract's arguments: the array arguments in order,
 * sizes[0..2] = n, w, h and the params in order. A function of another
 * type is then a compile error at the student's line. Caller frees; NULL
 * when out of memory. */
char *ck_program_glue(const ck_exercise *ex, const ck_arg *args, size_t nargs,
		      const char *include);
/* Whether two signatures are the same but for white space. */
int ck_signature_same(const char *a, const char *b);

#endif
