/*
 * check-network.c - a scan-pram submission that looks for the network: it
 * connects to 127.0.0.1 port 9. In a network namespace of its own, the
 * loopback interface is down and connect fails with ENETUNREACH; then, and
 * only then, it scans (sequentially), so a right result means the run had
 * no network. tests/check.sh grades it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	int s = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(9)};
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	int isolated =
	    s < 0 || (connect(s, (struct sockaddr *)&a, sizeof a) != 0 && errno == ENETUNREACH);
	if (s >= 0)
		close(s);
	if (!isolated)
		return;
	for (size_t i = 1; i < n; i++)
		PRAM_STEP(m, "next") {
			pram_proc(m, 0);
			pram_write(m, x, (int64_t)i,
				   pram_read(m, x, (int64_t)i) + pram_read(m, x, (int64_t)i - 1));
		}
}
