/*
 * lesson.h - the lessons of lessons/NN-topic/: finding them (the same
 * folders as the exercises: PRAM_LESSONS_DIR, the source tree's lessons/,
 * the installed package data's lessons/), reading each lesson.md in the
 * Markdown subset of markdown.h and checking its shape (a "# N. Title"
 * line, a "Goal:" paragraph, the Background, Exercises and Questions
 * sections, one "pram ..." command per pram block), and the exercises
 * beside it (their .exercise files' name, title, contract and files).
 */
#ifndef PRAM_LESSON_H
#define PRAM_LESSON_H

#include "markdown.h"

/* What a lesson page shows of one NAME.exercise. */
typedef struct lesson_ex {
	char *name, *title, *file, *contract, *signature, *starter, *solution;
	char *path;  /* the .exercise file */
	char *error; /* "file:line: what" when it could not be read, else NULL */
} lesson_ex;

/* The kinds of pram blocks. */
typedef enum {
	LESSON_NOT_PRAM,
	LESSON_LIVE,   /* ```pram: run, output shown */
	LESSON_HTML,   /* ```pram html: run, output shown, a step-through page on the site */
	LESSON_REPORT, /* ```pram report: shown; the site draws its figure */
} lesson_block;

typedef struct lesson {
	int number;    /* NN of the folder */
	char *folder;  /* "01-reduction" */
	char *dir;     /* the folder's path */
	char *md_path; /* its lesson.md, or NULL when it has none */
	char *title;   /* from "# N. Title", or NULL */
	char *goal;    /* the Goal paragraph without "Goal:", or NULL */
	md_doc doc;
	char *error; /* "lesson.md:LINE: what" when malformed, else NULL */
	lesson_ex *ex;
	size_t nex;
} lesson;

typedef struct lesson_set {
	char *root; /* the lessons folder they came from */
	lesson *l;
	size_t n;
} lesson_set;

/* Read the lessons of root, or of the first of the usual folders that has
 * any when root is NULL, in their numbers' order. A malformed lesson.md
 * is no error here: its lesson's error says what is wrong. Returns 0, or
 * -1 with err (no lessons found, out of memory). */
int lesson_load(const char *root, lesson_set *s, char *err, size_t errlen);
void lesson_set_free(lesson_set *s);

/* The lesson named by key: its number ("3", "03") or its folder
 * ("03-blelloch"); NULL when none. */
const lesson *lesson_lookup(const lesson_set *s, const char *key);

/* The kind of a code block; for pram blocks, the command. */
lesson_block lesson_block_kind(const md_block *b);

/* Split a command line into words: blanks separate them, '...' and "..."
 * quote (no escapes inside '...'; \" and \\ inside "..."). Returns a
 * NULL-ended array (free with lesson_argv_free), or NULL with err (an
 * unclosed quote, out of memory). */
char **lesson_split(const char *cmd, int *argc, char *err, size_t errlen);
void lesson_argv_free(char **argv);

#endif
