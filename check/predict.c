/*
 * predict.c - the check of a prediction exercise (contract prediction): the
 * student states W(n) and D(n) of the exercise's reference algorithm as
 * expressions in n (expr.h), and the checker compares them, exactly, with
 * the simulator's W and D of the algorithm run with the exercise's args:
 * and model: at each n of sizes:.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "ckutil.h"
#include "contracts.h"
#include "exercise.h"
#include "expr.h"
#include "result.h"
#include "simrun.h"

/* One answer line: its expression (NULL: '?', not answered) and where it is. */
typedef struct answer {
	int given, line, unanswered;
	ck_expr *e;
} answer;

/* One line of the answer, l (line lineno, modified in place): a comment, a
 * blank line, or "W(n) = EXPRESSION" or "D(n) = EXPRESSION" into ans[0]
 * or ans[1]; anything else, a second W(n) or D(n) line, or an expression
 * that does not parse is a diagnosis. */
static void read_answer_line(char *l, int lineno, const char *shown, answer ans[2], ck_result *r)
{
	size_t ll = strlen(l);
	if (ll && l[ll - 1] == '\r')
		l[--ll] = '\0';
	char *s = l;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '#' || *s == '\0')
		return;
	int which = *s == 'W' ? 0 : *s == 'D' ? 1 : -1;
	char *q = s + 1;
	while (*q == ' ' || *q == '\t')
		q++;
	int head = which >= 0 && strncmp(q, "(n)", 3) == 0;
	if (head) {
		q += 3;
		while (*q == ' ' || *q == '\t')
			q++;
		head = *q == '=';
	}
	if (!head) {
		ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, lineno, NULL,
			    "the answer is two lines, W(n) = ... and D(n) = ...; comments "
			    "start with #",
			    "%s:%d:%d: expected 'W(n) = EXPRESSION' or 'D(n) = EXPRESSION'", shown,
			    lineno, (int)(s - l) + 1);
		return;
	}
	answer *an = &ans[which];
	if (an->given) {
		ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, lineno, NULL, NULL,
			    "%s:%d:%d: %c(n) is given twice (first on line %d)", shown, lineno,
			    (int)(s - l) + 1, which ? 'D' : 'W', an->line);
		return;
	}
	an->given = 1;
	an->line = lineno;
	char *ex_ = q + 1;
	while (*ex_ == ' ' || *ex_ == '\t')
		ex_++;
	char *end = ex_ + strlen(ex_);
	while (end > ex_ && (end[-1] == ' ' || end[-1] == '\t'))
		*--end = '\0';
	if (strcmp(ex_, "?") == 0) {
		an->unanswered = 1;
		return;
	}
	size_t col = 0;
	char why[256];
	an->e = ck_expr_parse(ex_, &col, why, sizeof why);
	if (!an->e) {
		an->given = -1; /* malformed */
		ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, lineno, NULL,
			    "expressions in n with + - * / ^, parentheses, whole numbers, "
			    "log2(x), ceil(x), floor(x), min(a, b) and max(a, b)",
			    "%s:%d:%zu: %s", shown, lineno, (size_t)(ex_ - l) + col, why);
	}
}

/* The answer file's text (modified in place) into ans[0] (W) and ans[1]
 * (D), each line through read_answer_line; a missing line is a
 * diagnosis. */
static void read_answers(char *text, const char *shown, answer ans[2], ck_result *r)
{
	int lineno = 0;
	for (char *l = text, *nl; l && *l; l = nl) {
		nl = strchr(l, '\n');
		if (nl)
			*nl++ = '\0';
		read_answer_line(l, ++lineno, shown, ans, r);
	}
	for (int k = 0; k < 2; k++)
		if (!ans[k].given)
			ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, 0, NULL,
				    "write '?' to leave it unanswered", "%s: no '%c(n) = ...' line",
				    shown, k ? 'D' : 'W');
}

/* The simulator's W and D of the reference a with parameters p at each n
 * of the exercise's sizes, into sw and sd. Returns 0, or -1 with a note
 * when it cannot make an input or does not run. */
static int simulate(const ck_exercise *ex, const algo *a, const algo_params *p, uint64_t *sw,
		    uint64_t *sd, ck_result *r)
{
	for (size_t k = 0; k < ex->nsizes; k++) {
		size_t n = ex->sizes[k];
		algo_data in[ALGO_MAX_PORTS];
		memset(in, 0, sizeof in);
		simrun run;
		memset(&run, 0, sizeof run);
		pram_config cfg = {.model = p->model, .seed = 1};
		if (algo_generate(a, in, n, p, 1) != 0) {
			ck_note(r, "%s: cannot make an input of %s at n = %zu", ex->path,
				ex->reference, n);
			return -1;
		}
		int rc = simrun_exec(a, p, in, &cfg, NULL, NULL, &run);
		int bad = rc != 0 || pram_failed(run.m);
		if (!bad) {
			pram_totals t = pram_get_totals(run.m);
			sw[k] = t.work;
			sd[k] = t.depth;
		} else
			ck_note(r, "%s: the reference %s does not run at n = %zu: %s", ex->path,
				ex->reference, n, run.m ? pram_errmsg(run.m) : "out of memory");
		simrun_free(&run);
		algo_data_free_all(in, algo_nin(a));
		if (bad)
			return -1;
	}
	return 0;
}

/* Answer k (0: W, 1: D) against the simulator's counts sim at the
 * exercise's sizes: the first n where it differs or has no whole value is
 * a wrong result. */
static void judge_answer(const ck_exercise *ex, const char *shown, int k, const answer *an,
			 const uint64_t *sim, ck_result *r)
{
	ck_crit c = k ? CK_CRIT_DEPTH : CK_CRIT_WORK;
	char name = k ? 'D' : 'W';
	size_t ns = ex->nsizes;
	if (an->given <= 0) {
		r->ran[c] = CK_RAN_NOT_REACHED;
		return;
	}
	r->ran[c] = CK_RAN_CHECKED;
	if (an->unanswered) {
		r->failed[c] = 1;
		ck_crit_note(r, c, "not answered");
		ck_note(r, "%c(n) is not answered yet ('?' on line %d of %s): 0 points", name,
			an->line, shown);
		return;
	}
	size_t at;
	for (at = 0; at < ns; at++) {
		int64_t got;
		char why[256];
		size_t n = ex->sizes[at];
		if (ck_expr_eval(an->e, (int64_t)n, &got, why, sizeof why) != 0) {
			ck_diag_add(r, CK_WRONG_RESULT, c, shown, an->line, NULL, NULL,
				    "%c(n) at n = %zu is %s; the simulator counts %c = %" PRIu64,
				    name, n, why, name, sim[at]);
			break;
		}
		if (got < 0 || (uint64_t)got != sim[at]) {
			ck_diag_add(r, CK_WRONG_RESULT, c, shown, an->line, NULL, NULL,
				    "%c(n) differs at n = %zu: expected %c = %" PRIu64
				    " (the simulator's count), your %c(n) gives %" PRId64,
				    name, n, name, sim[at], name, got);
			break;
		}
	}
	char vals[CK_MAX_LIST * 24] = "";
	for (size_t i = 0; i < ns; i++)
		snprintf(vals + strlen(vals), sizeof vals - strlen(vals), "%s%c(%zu) = %" PRIu64,
			 i ? ", " : "", name, ex->sizes[i], sim[i]);
	if (at == ns)
		ck_crit_note(r, c, "right at every n: %s", vals);
}

int ck_predict_check(const ck_exercise *ex, const char *path, ck_result *r)
{
	char err[512];
	const char *shown = ck_basename(path);
	const algo *a = algo_find(ex->reference);
	answer ans[2] = {{0}, {0}}; /* W, D */
	int ret = -1;
	char *text = ck_slurp(path, NULL, err, sizeof err);
	if (!text) {
		ck_note(r, "%s", err);
		return -1;
	}
	if (!a) {
		ck_note(r, "%s: the reference '%s' is not in the registry", ex->path,
			ex->reference);
		goto fail;
	}
	algo_params p;
	if (ck_reference_params(ex, a, &p, err, sizeof err) != 0) {
		ck_note(r, "%s", err);
		goto fail;
	}
	r->ran[CK_CRIT_BUILD] = CK_RAN_CHECKED;
	read_answers(text, shown, ans, r);
	uint64_t sw[CK_MAX_LIST], sd[CK_MAX_LIST];
	if (simulate(ex, a, &p, sw, sd, r) != 0)
		goto fail;
	judge_answer(ex, shown, 0, &ans[0], sw, r);
	judge_answer(ex, shown, 1, &ans[1], sd, r);
	ck_note(r, "the simulator ran %s %s under %s at n = %zu .. %zu", ex->reference,
		ex->args ? ex->args : "", pram_model_name(p.model), ex->sizes[0],
		ex->sizes[ex->nsizes - 1]);
	ret = 0;
fail:
	ck_expr_free(ans[0].e);
	ck_expr_free(ans[1].e);
	free(text);
	return ret;
}
