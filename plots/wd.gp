# wd.gp - a submission's measured work and depth, for the platforms that
# show a grade with a picture (pram check --prairielearn): W and D at each
# size the checker measured them, on log-log axes.
# Set by the figure: datafile, plot_title, xlabel.
set title plot_title
set xlabel xlabel
set ylabel "W and D (log scale)"
set logscale x 2
set logscale y 2
set format x pow2fmt
set format y "%g"
set key top left Left reverse
plot datafile skip 1 using 1:2 with linespoints lt 1 title "W, the work", \
     datafile skip 1 using 1:3 with linespoints lt 2 title "D, the depth"
