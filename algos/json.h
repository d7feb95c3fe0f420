/*
 * json.h - the one JSON writer of the program: strings, numbers and the
 * values of an algorithm's data, written straight to a FILE. Every command
 * that prints JSON (pram list, run, gpu) and the report's summary.json use
 * it, so escaping and the spelling of numbers agree everywhere.
 *
 *     fputs("{\"name\": ", f);
 *     json_str(f, a->name);
 *     fputs(", \"out\": ", f);
 *     json_values(f, &out);
 *     fputs("}\n", f);
 */
#ifndef PRAM_JSON_H
#define PRAM_JSON_H

#include <stdio.h>

#include "algo.h"

/* s as a JSON string, quotes included; NULL writes "". */
void json_str(FILE *f, const char *s);

/* A measured quantity (a time, a fitted constant) to six significant
 * digits, or null when it is not finite. */
void json_num(FILE *f, double v);

/* One value of type t, exactly: an integer, or a float to 17 significant
 * digits. JSON has no infinities, so a non-finite float (the identity of max
 * or min on empty input) is null. */
void json_value(FILE *f, pram_type t, pram_value v);

/* The n values of d as a JSON array. */
void json_values(FILE *f, const algo_data *d);

/* s as json_str writes it, with <, > and & as \u escapes too, so that the
 * text may stand inside an HTML <script> element (pram run --html). */
void json_str_html(FILE *f, const char *s);

/* The n bytes of s as HTML text, with & < > " and ' as entities and NUL
 * bytes dropped: the one escaper of the pages beside the JSON (the report,
 * the lessons' site). */
void html_text(FILE *f, const char *s, size_t n);

/* One recorded access of m (pram_record_at) as an object: {"proc": 3,
 * "kind": "read", "array": "x", "index": 2, "value": 7, "nread": 2,
 * "nwrite": 0}; a write or an atomic adds "result" (the cell after the
 * step), "winner" (the processor whose write the cell kept) and "before"
 * (the cell at the step's start, null when it held no value). Array names
 * are written as json_str_html writes them. */
void json_access(FILE *f, const pram *m, const pram_access *e);

#endif
