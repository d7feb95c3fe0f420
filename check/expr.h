/*
 * expr.h - the expressions of a prediction (expr.c): W(n) and D(n) as a
 * student writes them, in n, with whole numbers, + - * / ^, parentheses,
 * log2(x), ceil(x), floor(x), min(a, b) and max(a, b), parsed once and
 * evaluated exactly at each n. Nothing here prints or exits.
 *
 *     size_t col;
 *     char err[256];
 *     ck_expr *e = ck_expr_parse("n * log2(n)", &col, err, sizeof err);
 *     int64_t w;
 *     if (e && ck_expr_eval(e, 8, &w, err, sizeof err) == 0)
 *         ... w is 24 ...
 *     ck_expr_free(e);
 */
#ifndef PRAM_EXPR_H
#define PRAM_EXPR_H

#include <stddef.h>
#include <stdint.h>

typedef struct ck_expr ck_expr;

/* Parse s; NULL with a message in err and the 1-based column in *col. */
ck_expr *ck_expr_parse(const char *s, size_t *col, char *err, size_t errlen);
/* Its value at n, exactly: 0 with a whole number in *out, or -1 with why
 * (a division by zero, log2 of 0, a value that is not a whole number). */
int ck_expr_eval(const ck_expr *e, int64_t n, int64_t *out, char *why, size_t whylen);
/* Accepts NULL. */
void ck_expr_free(ck_expr *e);

#endif
