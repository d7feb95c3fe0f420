/*
 * A cheat on line-of-sight-pram: it computes nothing, and tries what a
 * program in the driver's process could to fake its result: read the case
 * file (cases.txt, beside it) and the driver's command line, where the
 * grading channel's number and nonce were, and write result lines for
 * case 0 into every file descriptor, with every word of the command line
 * as the nonce. The driver removed both before the program ran: it gets
 * nothing right.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pram.h"

void line_of_sight(pram *m, pram_array *x, pram_array *y, size_t n)
{
	(void)m, (void)x, (void)y, (void)n;
	char cmd[4096] = "";
	int fd = open("/proc/self/cmdline", O_RDONLY);
	ssize_t len = fd >= 0 ? read(fd, cmd, sizeof cmd - 1) : 0;
	if (fd >= 0)
		close(fd);
	FILE *cases = fopen("cases.txt", "r");
	if (cases) {
		printf("read the case file\n");
		fclose(cases);
	}
	for (ssize_t at = 0; at < len; at += (ssize_t)strlen(cmd + at) + 1) {
		const char *word = cmd + at;
		const char *colon = strchr(word, ':');
		const char *nonce = colon ? colon + 1 : word;
		for (int out = 3; out < 64; out++) {
			char line[512];
			int l = snprintf(line, sizeof line, "%s end 0\n%s out 0 1 1\n", nonce, nonce);
			if (write(out, line, (size_t)l) > 0)
				printf("wrote to %d as %s\n", out, nonce);
		}
	}
}
