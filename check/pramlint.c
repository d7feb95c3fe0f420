/*
 * pramlint.c - the static check of a PRAM program (pramlint.h), on the
 * syntax tree libclang builds of it.
 *
 * The walk keeps a stack of the processor bodies it is in. A body is the
 * statement of a PRAM_FORALL, found by the macro's own shape: a for
 * statement whose first declaration is named pram_hi_<i>. A variable is the
 * processor's own when it is declared inside the innermost body (by its
 * place in the file), anything else is outside it. Operators are told
 * apart by their printed form (libclang's C interface has no opcode), so
 * code that a macro of the submission's hides is judged as the compiler
 * sees it. Findings are kept once per line and message.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "config.h"

#include "pramlint.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifndef HAVE_LIBCLANG

int pramlint_available(void)
{
	return 0;
}

int pramlint_file(const char *path, const char *shown, const char *incdir, FILE *out, char *err,
		  size_t errlen)
{
	(void)path, (void)shown, (void)incdir, (void)out;
	snprintf(err, errlen,
		 "the static check of PRAM programs is not built (configure found no libclang: "
		 "Debian's libclang-dev)");
	return -1;
}

#else

#include <clang-c/Index.h>
#include <limits.h>
#include <stdlib.h>

#define MAX_BODIES 16
#define MAX_SEEN   512

/* A processor body: where it lies in the file, and its processor's name. */
typedef struct body {
	unsigned start, end;
	char proc[64];
} body;

typedef struct lint {
	CXTranslationUnit tu;
	CXFile main; /* the submission */
	const char *shown;
	char pram_h[PATH_MAX]; /* the pram.h a submission may include */
	FILE *out;
	int n;
	body bodies[MAX_BODIES];
	int nbodies;
	unsigned seen[MAX_SEEN]; /* line * 64 + rule of each finding made */
	size_t nseen;
} lint;

/* The rules, for the once-per-line bookkeeping. */
enum rule {
	R_HOST_WRITE,
	R_POINTER_WRITE,
	R_ADDRESS,
	R_FILE_SCOPE,
	R_STATIC,
	R_HOST_TYPE,
	R_CALL,
	R_CALL_POINTER,
	R_INTERNAL,
	R_ASM,
	R_INCLUDE,
	R_MACRO,
	R_STEP_K
};

/* The pram API a program may call: the accessors of processors, steps,
 * arrays of its own, operators. pram__ names are what the macros of pram.h
 * expand to. */
static const char *const pram_ok[] = {
    "pram_read",          "pram_readf",         "pram_read_v",     "pram_write",
    "pram_writef",        "pram_write_v",       "pram_atomic",     "pram_local",
    "pram_proc",          "pram_step_begin",    "pram_step_end",   "pram_scan_prim",
    "pram_array_new",     "pram_array_len",     "pram_array_type", "pram_array_name",
    "pram_op_apply_i",    "pram_op_apply_f",    "pram_op_apply_v", "pram_op_identity_i",
    "pram_op_identity_f", "pram_op_identity_v", "pram_failed",     "pram_fail",
    "pram_model_name",    "pram_op_name",       "pram__proc",      "pram__read",
    "pram__read_i",       "pram__read_f",       "pram__read_v",    "pram__write",
    "pram__write_i",      "pram__write_f",      "pram__write_v",   NULL};

/* Math a processor may do in its registers, assert and printing (the
 * student's output is shown, never graded). */
static const char *const lib_ok[] = {"abs",
				     "labs",
				     "llabs",
				     "imaxabs",
				     "fabs",
				     "fabsf",
				     "fmin",
				     "fmax",
				     "fminf",
				     "fmaxf",
				     "floor",
				     "ceil",
				     "round",
				     "trunc",
				     "sqrt",
				     "cbrt",
				     "pow",
				     "exp",
				     "exp2",
				     "log",
				     "log2",
				     "log10",
				     "fmod",
				     "copysign",
				     "printf",
				     "puts",
				     "putchar",
				     "__assert_fail",
				     "__builtin_isnan",
				     "__builtin_isinf_sign",
				     "__builtin_isfinite",
				     "__builtin_fabs",
				     "__builtin_huge_val",
				     "__builtin_inff",
				     "__builtin_nan",
				     NULL};

/* Said of PRAM_STEP_K, as the macro or as the function it calls. */
static const char step_k_msg[] =
    "PRAM_STEP_K: in an exercise every step has the machine's K (each processor O(1) shared "
    "accesses a step); a larger K is for the registry's steps that do a fixed larger amount "
    "by design";

/* The headers a submission may include. */
static const char *const headers_ok[] = {
    "pram.h",   "assert.h", "float.h", "inttypes.h", "limits.h", "math.h", "stdbool.h",
    "stddef.h", "stdint.h", "stdio.h", "stdlib.h",   "string.h", NULL};

static int listed(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}

/* A CXString copied into buf and disposed of. */
static const char *text(CXString s, char *buf, size_t len)
{
	const char *c = clang_getCString(s);
	snprintf(buf, len, "%s", c ? c : "");
	clang_disposeString(s);
	return buf;
}

/* Where a cursor is in the submission: its line and its offset (for a
 * macro's expansion, the place of the expansion). */
static unsigned where(CXCursor c, unsigned *offset)
{
	CXFile f;
	unsigned line, col, off;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, &line, &col, &off);
	if (offset)
		*offset = off;
	return line;
}

static int in_main(CXCursor c)
{
	return clang_Location_isFromMainFile(clang_getCursorLocation(c));
}

static void finding(lint *L, CXCursor at, enum rule rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void finding(lint *L, CXCursor at, enum rule rule, const char *fmt, ...)
{
	unsigned line = where(at, NULL), key = line * 64 + (unsigned)rule;
	for (size_t k = 0; k < L->nseen; k++)
		if (L->seen[k] == key)
			return;
	if (L->nseen < MAX_SEEN)
		L->seen[L->nseen++] = key;
	fprintf(L->out, "%s:%u: ", L->shown, line);
	va_list ap;
	va_start(ap, fmt);
	vfprintf(L->out, fmt, ap);
	va_end(ap);
	fputc('\n', L->out);
	L->n++;
}

/* The innermost processor body, or NULL in host code. */
static const body *cur_body(const lint *L)
{
	return L->nbodies ? &L->bodies[L->nbodies - 1] : NULL;
}

/* Is the declaration d inside body b? */
static int inside(const body *b, CXCursor d)
{
	unsigned off;
	where(d, &off);
	return in_main(d) && off >= b->start && off < b->end;
}

/* A cursor's first child (a null cursor when it has none). */
static enum CXChildVisitResult take_first(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	*(CXCursor *)d = c;
	return CXChildVisit_Break;
}

static CXCursor first_child(CXCursor c)
{
	CXCursor k = clang_getNullCursor();
	clang_visitChildren(c, take_first, &k);
	return k;
}

/* The cursor under implicit casts and parentheses. */
static CXCursor strip(CXCursor c)
{
	while (c.kind == CXCursor_UnexposedExpr || c.kind == CXCursor_ParenExpr) {
		CXCursor k = first_child(c);
		if (clang_Cursor_isNull(k))
			break;
		c = k;
	}
	return c;
}

/* The first four children of a cursor. */
typedef struct forparts {
	CXCursor kid[4];
	int n;
} forparts;

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	forparts *f = d;
	if (f->n < 4)
		f->kid[f->n++] = c;
	return CXChildVisit_Continue;
}

/* Where a location was written in the submission: for code of a macro
 * argument, where the argument was written; for code of a macro's body,
 * where the macro was used. 0 when it is not in the submission. */
static int file_offset(lint *L, CXSourceLocation loc, unsigned *off)
{
	CXFile f;
	unsigned line, col;
	clang_getFileLocation(loc, &f, &line, &col, off);
	return f && clang_File_isEqual(f, L->main);
}

/* The first operator token written from a to b (file offsets), or "". */
static void first_op(lint *L, unsigned a, unsigned b, int last, char *op, size_t len)
{
	op[0] = '\0';
	if (b < a)
		return;
	CXSourceRange r = clang_getRange(clang_getLocationForOffset(L->tu, L->main, a),
					 clang_getLocationForOffset(L->tu, L->main, b));
	CXToken *t = NULL;
	unsigned n = 0;
	clang_tokenize(L->tu, r, &t, &n);
	for (unsigned k = 0; k < n; k++) {
		CXToken tk = t[last ? n - 1 - k : k];
		if (clang_getTokenKind(tk) != CXToken_Punctuation)
			continue;
		char s[8];
		text(clang_getTokenSpelling(L->tu, tk), s, sizeof s);
		if (strcmp(s, "(") && strcmp(s, ")") && strcmp(s, "[") && strcmp(s, "]")) {
			snprintf(op, len, "%s", s);
			break;
		}
	}
	clang_disposeTokens(L->tu, t, n);
}

/* The text the submission wrote for a cursor, tokens joined, or its
 * spelling where it wrote none (code of a macro's body). */
static const char *written(lint *L, CXCursor c, char *buf, size_t len)
{
	unsigned a, b;
	CXSourceRange r = clang_getCursorExtent(c);
	buf[0] = '\0';
	if (file_offset(L, clang_getRangeStart(r), &a) &&
	    file_offset(L, clang_getRangeEnd(r), &b) && b > a) {
		CXToken *t = NULL;
		unsigned n = 0;
		clang_tokenize(L->tu,
			       clang_getRange(clang_getLocationForOffset(L->tu, L->main, a),
					      clang_getLocationForOffset(L->tu, L->main, b)),
			       &t, &n);
		size_t used = 0;
		for (unsigned k = 0; k < n && used + 1 < len; k++) {
			CXSourceLocation tl = clang_getTokenLocation(L->tu, t[k]);
			unsigned off;
			if (!file_offset(L, tl, &off) || off >= b)
				break;
			char s[128];
			text(clang_getTokenSpelling(L->tu, t[k]), s, sizeof s);
			used += (size_t)snprintf(buf + used, len - used, "%s", s);
			if (used >= len)
				used = len - 1;
		}
		clang_disposeTokens(L->tu, t, n);
	}
	if (!buf[0])
		text(clang_getCursorSpelling(c), buf, len);
	return buf;
}

/* The operator of a binary or unary operator, from the tokens the
 * submission wrote (libclang's C interface has no opcode); "" for the
 * code of a macro's body, which the submission did not write. */
static void op_of(lint *L, CXCursor c, char *op, size_t len)
{
	unsigned a, b;
	op[0] = '\0';
	if (c.kind == CXCursor_UnaryOperator) {
		CXSourceRange r = clang_getCursorExtent(c);
		CXSourceRange k = clang_getCursorExtent(first_child(c));
		if (!file_offset(L, clang_getRangeStart(r), &a) ||
		    !file_offset(L, clang_getRangeEnd(r), &b))
			return;
		unsigned ka, kb;
		if (file_offset(L, clang_getRangeStart(k), &ka) && ka > a)
			first_op(L, a, ka, 0, op, len); /* prefix */
		else if (file_offset(L, clang_getRangeEnd(k), &kb) && kb < b)
			first_op(L, kb, b, 1, op, len); /* postfix */
		return;
	}
	forparts f = {.n = 0};
	clang_visitChildren(c, collect, &f);
	if (f.n != 2 || !file_offset(L, clang_getRangeEnd(clang_getCursorExtent(f.kid[0])), &a) ||
	    !file_offset(L, clang_getRangeStart(clang_getCursorExtent(f.kid[1])), &b))
		return;
	first_op(L, a, b, 0, op, len);
}

static const char *verb(const char *op)
{
	return strcmp(op, "=") == 0    ? "assigns"
	       : strcmp(op, "+=") == 0 ? "adds into"
	       : strcmp(op, "-=") == 0 ? "subtracts from"
	       : strcmp(op, "++") == 0 ? "increments"
	       : strcmp(op, "--") == 0 ? "decrements"
				       : "changes";
}

/* The variable an assignment's target names, or a null cursor when it
 * writes through a pointer (or something else that is no variable). */
static CXCursor target_var(CXCursor t, int *through)
{
	*through = 0;
	for (;;) {
		t = strip(t);
		if (t.kind == CXCursor_DeclRefExpr)
			return clang_getCursorReferenced(t);
		if (t.kind == CXCursor_MemberRefExpr || t.kind == CXCursor_ArraySubscriptExpr) {
			CXCursor base = strip(first_child(t));
			CXType ty = clang_getCanonicalType(clang_getCursorType(base));
			if (ty.kind == CXType_Pointer ||
			    (t.kind == CXCursor_MemberRefExpr && clang_Cursor_isNull(base))) {
				*through = 1;
				return clang_getNullCursor();
			}
			t = base;
			continue;
		}
		*through = 1;
		return clang_getNullCursor();
	}
}

/* An assignment, compound assignment, ++ or --: a processor writes only
 * its own locals; host code only its own scalars (not through pointers). */
static void check_write(lint *L, CXCursor at, CXCursor target, const char *op)
{
	int through;
	CXCursor v = target_var(target, &through);
	const body *b = cur_body(L);
	char what[256];
	written(L, strip(target), what, sizeof what);
	if (through) {
		if (b)
			finding(
			    L, at, R_POINTER_WRITE,
			    "processor %s %s %s, memory that is not its own: a processor writes "
			    "its own locals and, by pram_write in a step, the machine's memory, "
			    "nothing else",
			    b->proc, verb(op), what);
		else
			finding(
			    L, at, R_POINTER_WRITE,
			    "the host %s %s through a pointer: a PRAM program's data lives in the "
			    "machine's memory, written by its processors in steps",
			    verb(op), what);
		return;
	}
	if (!b || clang_Cursor_isNull(v) || inside(b, v))
		return;
	char name[128];
	text(clang_getCursorSpelling(v), name, sizeof name);
	finding(L, at, R_HOST_WRITE,
		"processor %s %s %s, %s of the host: on a PRAM processors share only the "
		"machine's memory (give it a pram_array and write it with pram_write in a step)",
		b->proc, verb(op), what, strcmp(what, name) ? "memory" : "a variable");
}

/* A declaration's type, for host code: scalars, and the machine's handles. */
static int host_type_ok(CXType t)
{
	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_Bool:
	case CXType_Char_U:
	case CXType_UChar:
	case CXType_UShort:
	case CXType_UInt:
	case CXType_ULong:
	case CXType_ULongLong:
	case CXType_Char_S:
	case CXType_SChar:
	case CXType_Short:
	case CXType_Int:
	case CXType_Long:
	case CXType_LongLong:
	case CXType_Float:
	case CXType_Double:
	case CXType_LongDouble:
	case CXType_Enum:
		return 1;
	case CXType_Record: {
		char n[128];
		text(clang_getTypeSpelling(t), n, sizeof n);
		return strcmp(n, "union pram_value") == 0;
	}
	case CXType_Pointer: {
		char n[128];
		text(clang_getTypeSpelling(clang_getCanonicalType(clang_getPointeeType(t))), n,
		     sizeof n);
		return strcmp(n, "struct pram") == 0 || strcmp(n, "struct pram_array") == 0;
	}
	default:
		return 0;
	}
}

static void check_var(lint *L, CXCursor c)
{
	char name[128], type[128];
	text(clang_getCursorSpelling(c), name, sizeof name);
	text(clang_getTypeSpelling(clang_getCursorType(c)), type, sizeof type);
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
	CXCursor parent = clang_getCursorSemanticParent(c);
	if (parent.kind == CXCursor_TranslationUnit) {
		finding(L, c, R_FILE_SCOPE,
			"%s, a variable at file scope: a PRAM program keeps no state in C beside "
			"the machine; its data lives in the machine's memory (pram_array_new)",
			name);
		return;
	}
	if (sc == CX_SC_Static || sc == CX_SC_Extern || clang_getCursorTLSKind(c) != CXTLS_None) {
		finding(L, c, R_STATIC,
			"%s, a %s variable: it outlives its step and is shared by every "
			"processor; on a PRAM processors share only the machine's memory",
			name, sc == CX_SC_Extern ? "extern" : "static");
		return;
	}
	if (cur_body(L) || host_type_ok(clang_getCursorType(c)))
		return;
	finding(L, c, R_HOST_TYPE,
		"%s (%s) in host code: the host holds only scalars, for loop control, and the "
		"machine's handles (pram *, pram_array *); arrays and other memory of the "
		"program belong in the machine (pram_array_new), read and written by its "
		"processors in steps",
		name, type);
}

static void check_call(lint *L, CXCursor at, CXCursor fn)
{
	char name[128];
	if (clang_Cursor_isNull(fn) || (fn.kind != CXCursor_FunctionDecl)) {
		finding(L, at, R_CALL_POINTER,
			"a call through a function pointer: a PRAM program calls the pram API, "
			"a few math functions and its own functions, by name");
		return;
	}
	text(clang_getCursorSpelling(fn), name, sizeof name);
	if (listed(pram_ok, name) || listed(lib_ok, name))
		return;
	CXCursor def = clang_getCursorDefinition(fn);
	if (!clang_Cursor_isNull(def) && in_main(def))
		return;
	if (strcmp(name, "pram_step_begin_k") == 0)
		finding(L, at, R_STEP_K, "%s", step_k_msg);
	else if (strncmp(name, "pram_array_get", 14) == 0 ||
		 strncmp(name, "pram_array_load", 15) == 0 ||
		 strncmp(name, "pram_array_fill", 15) == 0 ||
		 strcmp(name, "pram_array_written") == 0)
		finding(L, at, R_CALL,
			"%s, an accessor of the host: a PRAM program reads and writes the "
			"machine's memory only by its processors, in steps (pram_read, "
			"pram_write); the driver loads the input and reads the result",
			name);
	else if (strncmp(name, "pram_", 5) == 0)
		finding(L, at, R_CALL,
			"%s: the driver owns the machine and its counters; a PRAM program calls "
			"the accessors of processors and steps (pram_read, pram_write, "
			"pram_atomic, pram_local, PRAM_STEP, PRAM_FORALL, pram_array_new)",
			name);
	else
		finding(L, at, R_CALL,
			"calls %s: a PRAM program calls only the pram API, a few math functions "
			"(fabs, fmin, fmax, floor, sqrt, log2, ...), printf and its own functions",
			name);
}

typedef struct declnames {
	char first[64];
	int forall;
} declnames;

static enum CXChildVisitResult names(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	declnames *n = d;
	char s[64];
	if (c.kind != CXCursor_VarDecl)
		return CXChildVisit_Continue;
	text(clang_getCursorSpelling(c), s, sizeof s);
	if (!n->first[0])
		snprintf(n->first, sizeof n->first, "%s", s);
	if (strncmp(s, "pram_hi_", 8) == 0)
		n->forall = 1;
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult walk(CXCursor c, CXCursor parent, CXClientData d);

static int forall(lint *L, CXCursor c)
{
	forparts f = {.n = 0};
	clang_visitChildren(c, collect, &f);
	if (f.n != 4 || f.kid[0].kind != CXCursor_DeclStmt)
		return 0;
	declnames dn = {"", 0};
	clang_visitChildren(f.kid[0], names, &dn);
	if (!dn.forall || L->nbodies == MAX_BODIES)
		return 0;
	for (int k = 0; k < 3; k++)
		walk(f.kid[k], c, L), clang_visitChildren(f.kid[k], walk, L);
	body *b = &L->bodies[L->nbodies++];
	CXSourceRange r = clang_getCursorExtent(f.kid[3]);
	CXFile file;
	unsigned line, col;
	clang_getExpansionLocation(clang_getRangeStart(r), &file, &line, &col, &b->start);
	clang_getExpansionLocation(clang_getRangeEnd(r), &file, &line, &col, &b->end);
	snprintf(b->proc, sizeof b->proc, "%s", dn.first);
	walk(f.kid[3], c, L);
	clang_visitChildren(f.kid[3], walk, L);
	L->nbodies--;
	return 1;
}

static enum CXChildVisitResult walk(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	lint *L = d;
	char op[8], name[128];
	switch (c.kind) {
	case CXCursor_ForStmt:
		if (forall(L, c))
			return CXChildVisit_Continue;
		break;
	case CXCursor_VarDecl:
		check_var(L, c);
		break;
	case CXCursor_ParmDecl:
		if (!host_type_ok(clang_getCursorType(c))) {
			char type[128];
			text(clang_getTypeSpelling(clang_getCursorType(c)), type, sizeof type);
			text(clang_getCursorSpelling(c), name, sizeof name);
			finding(L, c, R_HOST_TYPE,
				"parameter %s (%s): a function of a PRAM program takes scalars and "
				"the machine's handles (pram *, pram_array *), never a pointer to "
				"memory beside the machine",
				name, type);
		}
		break;
	case CXCursor_BinaryOperator:
		op_of(L, c, op, sizeof op);
		if (strcmp(op, "=") == 0)
			check_write(L, c, first_child(c), op);
		break;
	case CXCursor_CompoundAssignOperator:
		op_of(L, c, op, sizeof op);
		check_write(L, c, first_child(c), op);
		break;
	case CXCursor_UnaryOperator:
		op_of(L, c, op, sizeof op);
		if (strcmp(op, "++") == 0 || strcmp(op, "--") == 0) {
			check_write(L, c, first_child(c), op);
		} else if (strcmp(op, "&") == 0 && cur_body(L)) {
			int through;
			CXCursor v = target_var(first_child(c), &through);
			if (!clang_Cursor_isNull(v) && !inside(cur_body(L), v)) {
				text(clang_getCursorSpelling(v), name, sizeof name);
				finding(L, c, R_ADDRESS,
					"processor %s takes the address of %s, a variable of the "
					"host: through it processors would share memory beside "
					"the machine's",
					cur_body(L)->proc, name);
			}
		}
		break;
	case CXCursor_CallExpr:
		check_call(L, c, clang_getCursorReferenced(c));
		break;
	case CXCursor_DeclRefExpr: {
		CXCursor r = clang_getCursorReferenced(c);
		if (r.kind == CXCursor_FunctionDecl)
			check_call(L, c, r);
		break;
	}
	case CXCursor_TypeRef:
	case CXCursor_MemberRefExpr: {
		CXCursor r = clang_getCursorReferenced(c);
		if (c.kind == CXCursor_MemberRefExpr)
			r = clang_getCursorSemanticParent(r);
		text(clang_getCursorSpelling(r), name, sizeof name);
		if (strncmp(name, "pram__", 6) == 0 || strstr(name, " pram__"))
			finding(L, c, R_INTERNAL,
				"%s is the machine's inside: a program reads and writes its memory "
				"through pram_read and pram_write, which count every access",
				name);
		break;
	}
	case CXCursor_AsmStmt:
	case CXCursor_MSAsmStmt:
		finding(L, c, R_ASM, "inline assembly: a PRAM program is C on the machine's API");
		break;
	default:
		break;
	}
	return CXChildVisit_Recurse;
}

/* The file's own top level: includes, macros, declarations, functions. */
static enum CXChildVisitResult top(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	lint *L = d;
	char name[PATH_MAX];
	if (!in_main(c))
		return CXChildVisit_Continue;
	switch (c.kind) {
	case CXCursor_InclusionDirective: {
		text(clang_getCursorSpelling(c), name, sizeof name);
		CXFile f = clang_getIncludedFile(c);
		char got[PATH_MAX] = "", real[PATH_MAX];
		if (f)
			text(clang_getFileName(f), got, sizeof got);
		int ok = listed(headers_ok, name);
		if (ok && strcmp(name, "pram.h") == 0)
			ok = realpath(got, real) && strcmp(real, L->pram_h) == 0;
		if (!ok)
			finding(
			    L, c, R_INCLUDE,
			    "#include \"%s\": a submission includes only pram.h and the standard "
			    "headers assert.h, float.h, inttypes.h, limits.h, math.h, stdbool.h, "
			    "stddef.h, stdint.h, stdio.h, stdlib.h and string.h",
			    name);
		return CXChildVisit_Continue;
	}
	case CXCursor_MacroDefinition:
		if (clang_Cursor_isMacroFunctionLike(c)) {
			text(clang_getCursorSpelling(c), name, sizeof name);
			finding(
			    L, c, R_MACRO,
			    "macro %s(...): write the code out, so that every step and access "
			    "of the program is visible where it is (a constant #define is fine)",
			    name);
		}
		return CXChildVisit_Continue;
	case CXCursor_MacroExpansion:
		text(clang_getCursorSpelling(c), name, sizeof name);
		if (strcmp(name, "PRAM_STEP_K") == 0)
			finding(L, c, R_STEP_K, "%s", step_k_msg);
		return CXChildVisit_Continue;
	default:
		walk(c, parent, L);
		clang_visitChildren(c, walk, L);
		return CXChildVisit_Continue;
	}
}

int pramlint_available(void)
{
	return 1;
}

int pramlint_file(const char *path, const char *shown, const char *incdir, FILE *out, char *err,
		  size_t errlen)
{
	char incf[PATH_MAX + 3], hdr[PATH_MAX + 8];
	snprintf(incf, sizeof incf, "-I%s", incdir);
	snprintf(hdr, sizeof hdr, "%s/pram.h", incdir);
	lint L = {.shown = shown, .out = out};
	if (!realpath(hdr, L.pram_h)) {
		snprintf(err, errlen, "the static check finds no pram.h in %s", incdir);
		return -1;
	}
	const char *args[] = {"-x", "c", "-std=gnu11", incf};
	CXIndex idx = clang_createIndex(0, 0);
	enum CXErrorCode e = clang_parseTranslationUnit2(
	    idx, path, args, 4, NULL, 0,
	    CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing, &L.tu);
	if (e != CXError_Success) {
		snprintf(err, errlen, "libclang cannot parse %s (error %d)", shown, (int)e);
		clang_disposeIndex(idx);
		return -1;
	}
	int ret = 0;
	for (unsigned k = 0, nd = clang_getNumDiagnostics(L.tu); k < nd; k++) {
		CXDiagnostic dg = clang_getDiagnostic(L.tu, k);
		if (clang_getDiagnosticSeverity(dg) >= CXDiagnostic_Error) {
			char msg[512];
			text(clang_formatDiagnostic(dg, CXDiagnostic_DisplaySourceLocation), msg,
			     sizeof msg);
			snprintf(err, errlen, "%s", msg);
			ret = -1;
		}
		clang_disposeDiagnostic(dg);
		if (ret)
			break;
	}
	if (ret == 0) {
		L.main = clang_getFile(L.tu, path);
		clang_visitChildren(clang_getTranslationUnitCursor(L.tu), top, &L);
		ret = L.n;
	}
	clang_disposeTranslationUnit(L.tu);
	clang_disposeIndex(idx);
	return ret;
}

#endif
