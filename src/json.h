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

#endif
