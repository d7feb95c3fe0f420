## plots/local.mk - the report tool: the library behind `pram report` (its
## sweep, fits, verdicts, figures and pages), the gnuplot templates it draws
## with and `make plots`.

# The fit, the statistics of the runs and the verdict are a library of
# their own so the unit test links them alone; gnuplot's child process
# too, which the checker draws a submission's W and D with.
noinst_LTLIBRARIES += plots/libpramfit.la
plots_libpramfit_la_SOURCES = plots/fit.c plots/fit.h plots/stats.c plots/stats.h \
	plots/verdict.c plots/verdict.h plots/gplot.c plots/gplot.h

# The report: the sweep, the verdicts, the figures and the pages (report.h),
# which pram's report command drives.
noinst_LTLIBRARIES += plots/libreport.la
plots_libreport_la_SOURCES = plots/report.h plots/report_int.h plots/report.c plots/sweep.c \
	plots/judge.c plots/figures.c plots/pages.c

plots_libreport_la_LIBADD = plots/libpramfit.la

# The templates every figure's script is made of, found at run time.
plotsdir = $(pkgdatadir)/plots
dist_plots_DATA = plots/common.gp plots/time.gp plots/cost.gp plots/family.gp \
	plots/perproc.gp plots/speedup.gp plots/series.gp
# The summed-area table's float32 precision by image size.
dist_plots_DATA += plots/precision.gp
# Two algorithms for one task: the measured ratio of their times against W.
dist_plots_DATA += plots/ratio.gp
# The memory figure: bytes and launches against the times (figures.c).
dist_plots_DATA += plots/memory.gp
# a submission's W and D, for pram check --prairielearn
dist_plots_DATA += plots/wd.gp
# The course site's figures (pram lessons --html): the W and D of the
# algorithms a lesson contrasts, and their speedup against the best
# sequential time.
dist_plots_DATA += plots/contrast.gp plots/seqspeedup.gp

# `make plots`: the report for the default device, into report/.
.PHONY: plots
plots: pram$(EXEEXT)
	./pram$(EXEEXT) report --out report
