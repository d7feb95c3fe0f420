## plots/local.mk - the report tool: `pram report`, its fits, figures and
## pages, the gnuplot templates it draws with, and `make plots`.

# The fit is a library of its own so the unit test links it alone.
noinst_LTLIBRARIES += plots/libpramfit.la
plots_libpramfit_la_SOURCES = plots/fit.c plots/fit.h

pram_SOURCES += src/cmd_report.c plots/report.h plots/report_out.c plots/gplot.c plots/gplot.h
pram_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/plots
pram_LDADD += plots/libpramfit.la -lm

# The templates every figure's script is made of, found at run time.
plotsdir = $(pkgdatadir)/plots
dist_plots_DATA = plots/common.gp plots/time.gp plots/cost.gp plots/family.gp \
	plots/perproc.gp plots/speedup.gp

# `make plots`: the report for the default device, into report/.
.PHONY: plots
plots: pram$(EXEEXT)
	./pram$(EXEEXT) report --out report
