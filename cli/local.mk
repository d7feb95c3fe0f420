## cli/local.mk - the pram command: its option parsing, one file per command,
## the lessons' rendering and the page of pram run --html.

# Everything of the command but main(), a library so the tests link its
# parts (the Markdown renderer) without a copy.
noinst_LTLIBRARIES += cli/libcli.la
cli_libcli_la_SOURCES = cli/cli.c cli/cli.h cli/cmd_list.c cli/cmd_run.c cli/cmd_gpu.c \
	cli/cmd_report.c cli/cmd_bench.c cli/cmd_check.c cli/classpage.c cli/classpage.h \
	cli/program.c cli/program.h
# pram gpu --profile: the kernels' memory requests under Oclgrind (profile.c),
# saved and read back as JSON (profbook.c, which reads it through json-c).
cli_libcli_la_SOURCES += cli/profile.c cli/profile.h cli/profbook.c
cli_libcli_la_CFLAGS = $(AM_CFLAGS) $(JSONC_CFLAGS)
cli_libcli_la_LIBADD = $(JSONC_LIBS)
# pram lessons and pram lesson: the lessons read (lesson.c), their Markdown
# subset rendered for a terminal and as HTML (markdown.c).
cli_libcli_la_SOURCES += cli/cmd_lessons.c cli/lesson.c cli/lesson.h cli/markdown.c \
	cli/markdown.h
# The course site's figures of a report example (sitefig.c): each
# algorithm's own, W and D side by side, speedup against the best
# sequential time.
cli_libcli_la_SOURCES += cli/sitefig.c cli/sitefig.h
# The page of pram run --html: html.c writes it, cli/run.html is its text
# (HTML, CSS and JavaScript, readable as they are), made at build time into
# a C array of its lines, html_run_template.
cli_libcli_la_SOURCES += cli/html.c cli/html.h
nodist_cli_libcli_la_SOURCES = cli/run_html.c
CLEANFILES += cli/run_html.c
EXTRA_DIST += cli/run.html
cli/run_html.c: $(top_srcdir)/cli/run.html
	$(AM_V_GEN)$(MKDIR_P) cli && { \
	  echo '/* run_html.c - made from cli/run.html by cli/local.mk: do not edit. */'; \
	  echo '#include "html.h"'; \
	  echo 'const char *const html_run_template[] = {'; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n",/' \
	    $(top_srcdir)/cli/run.html; \
	  echo 'NULL};'; } >$@-t && mv $@-t $@

# The libraries in layer order, the highest first, as the linker wants them.
# libpramcl is there with or without OpenCL (kernels/local.mk).
bin_PROGRAMS += pram
pram_SOURCES = cli/main.c
# libpram's functions are exported, for the student's program that pram run
# --program loads (cli/program.c): it calls them in this process.
pram_LDFLAGS = -export-dynamic
pram_LDADD = cli/libcli.la check/libcheck.la plots/libreport.la plots/libpramfit.la \
	kernels/libpramcl.la algos/libalgo.la sim/libpram.la $(OPENCL_LIBS) -lm
