/*
 * jsonread.h - the one JSON reader of the program (json.h is its writer):
 * a whole text parsed into a tree of values, or a message that says where
 * it stops being JSON (line and column) and what was expected there. The
 * report reads saved profiles with it (profile.h).
 *
 *     jr_value *v;
 *     char err[256];
 *     if (jr_parse(text, len, &v, err, sizeof err) != 0)
 *             ... "FILE:" err ...
 *     const jr_value *n = jr_get(v, "n");
 *     if (n && n->kind == JR_NUM && n->is_uint) ... n->u ...
 *     jr_free(v);
 *
 * Nothing here prints or exits.
 */
#ifndef PRAM_JSONREAD_H
#define PRAM_JSONREAD_H

#include <stddef.h>

/* The kinds of a JSON value. */
typedef enum jr_kind {
	JR_NULL,
	JR_BOOL,
	JR_NUM,
	JR_STR,
	JR_ARR,
	JR_OBJ
} jr_kind;

typedef struct jr_value {
	jr_kind kind;
	int boolean;           /* JR_BOOL: 0 or 1 */
	double num;            /* JR_NUM: the number */
	int is_uint;           /* JR_NUM: a whole number from 0 to 2^64 - 1, exactly in u */
	unsigned long long u;  /* JR_NUM with is_uint */
	char *str;             /* JR_STR: the string, escapes undone, NUL-ended */
	struct jr_value *item; /* JR_ARR, JR_OBJ: the n items, in their order */
	char **key;            /* JR_OBJ: the n members' names */
	size_t n;              /* JR_ARR, JR_OBJ: the items */
	unsigned line, column; /* where the value begins in the text, from 1 */
} jr_value;

/* The deepest nesting of arrays and objects the reader takes: a hostile
 * text cannot exhaust the stack. */
#define JR_MAX_DEPTH 64

/* Parse the len bytes of text, one JSON value with white space around it,
 * into *out (the caller frees it with jr_free). Returns 0, or -1 with
 * "LINE:COLUMN: what is wrong" in err (or "out of memory"). */
int jr_parse(const char *text, size_t len, jr_value **out, char *err, size_t errlen);

/* Free v and all it holds. Accepts NULL. */
void jr_free(jr_value *v);

/* The member key of the object v, or NULL when v is no object or has none
 * (the first, where a key repeats). Valid as long as v. */
const jr_value *jr_get(const jr_value *v, const char *key);

/* The name of kind k, as a message says it: "a number", "an object". */
const char *jr_kind_name(jr_kind k);

#endif
