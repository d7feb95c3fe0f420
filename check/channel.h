/*
 * channel.h - the grading channel: how a checker's child (our driver of a
 * student's PRAM program, our runner of a student's kernel) reports its
 * cases to the checker. Never on its standard output, which is the
 * student's: what a submission prints is kept and shown, never parsed, so
 * printing neither spoofs a result nor fails a correct program. The child
 * writes to a file the checker opened for it (unlinked, so no path leads
 * to it), each line behind a nonce drawn for the run, and the checker
 * reads back only the lines that carry it.
 *
 *     ck_channel ch;
 *     if (ck_channel_open(&ch, err, sizeof err) == 0) {
 *         ... an exec'd driver given ch.arg ("FD:NONCE") writes each line
 *         as "NONCE line" to the file FD ...
 *         char *lines = ck_channel_read(&ch); // the reported lines, nonce off
 *         free(lines);
 *         ck_channel_close(&ch);
 *     }
 */
#ifndef PRAM_CHANNEL_H
#define PRAM_CHANNEL_H

#include <stddef.h>
#include <stdio.h>

typedef struct ck_channel {
	FILE *f;        /* the file, open for reading and writing */
	char nonce[33]; /* 32 hex digits */
	char arg[64];   /* "FD:NONCE" for a driver that is exec'd */
} ck_channel;

/* Open a channel: an unlinked temporary file and a fresh nonce (from
 * /dev/urandom). Returns 0, or -1 with err set. */
int ck_channel_open(ck_channel *c, char *err, size_t errlen);
/* In the checker, after the child: the lines that carry the nonce, in
 * order, without it, NUL-ended (malloc'd; NULL when out of memory). The
 * channel is emptied for the next child. */
char *ck_channel_read(ck_channel *c);
void ck_channel_close(ck_channel *c);

#endif
