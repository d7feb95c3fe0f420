#!/bin/sh
# valgrind.sh - run a program under valgrind's memcheck, failing on any
# error or leak: the wrapper `make check-valgrind` puts around every test
# program and, through PRAM, around every pram the shell tests run.
#
#     tests/valgrind.sh PROGRAM [ARGS...]
exec valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect --track-origins=yes "$@"
