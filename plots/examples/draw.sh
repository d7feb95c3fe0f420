#!/bin/sh
# draw.sh - draw this report's figures with gnuplot (pram report --no-draw
# wrote the data and the scripts): sh draw.sh
set -e
cd "$(dirname "$0")"
gnuplot -e "fmt='png'" reduce-time.gp
gnuplot -e "fmt='svg'" reduce-time.gp
gnuplot -e "fmt='png'" reduce-cost.gp
gnuplot -e "fmt='svg'" reduce-cost.gp
gnuplot -e "fmt='png'" scan-hillis-steele-time.gp
gnuplot -e "fmt='svg'" scan-hillis-steele-time.gp
gnuplot -e "fmt='png'" scan-hillis-steele-cost.gp
gnuplot -e "fmt='svg'" scan-hillis-steele-cost.gp
gnuplot -e "fmt='png'" scan-blelloch-time.gp
gnuplot -e "fmt='svg'" scan-blelloch-time.gp
gnuplot -e "fmt='png'" scan-blelloch-cost.gp
gnuplot -e "fmt='svg'" scan-blelloch-cost.gp
gnuplot -e "fmt='png'" scan-blocked-time.gp
gnuplot -e "fmt='svg'" scan-blocked-time.gp
gnuplot -e "fmt='png'" scan-blocked-cost.gp
gnuplot -e "fmt='svg'" scan-blocked-cost.gp
gnuplot -e "fmt='png'" scan-brent-time.gp
gnuplot -e "fmt='svg'" scan-brent-time.gp
gnuplot -e "fmt='png'" scan-brent-cost.gp
gnuplot -e "fmt='svg'" scan-brent-cost.gp
gnuplot -e "fmt='png'" scan-brent-perproc.gp
gnuplot -e "fmt='svg'" scan-brent-perproc.gp
gnuplot -e "fmt='png'" scan-backward-time.gp
gnuplot -e "fmt='svg'" scan-backward-time.gp
gnuplot -e "fmt='png'" scan-backward-cost.gp
gnuplot -e "fmt='svg'" scan-backward-cost.gp
gnuplot -e "fmt='png'" scan-segmented-time.gp
gnuplot -e "fmt='svg'" scan-segmented-time.gp
gnuplot -e "fmt='png'" scan-segmented-cost.gp
gnuplot -e "fmt='svg'" scan-segmented-cost.gp
gnuplot -e "fmt='png'" reduce-segmented-time.gp
gnuplot -e "fmt='svg'" reduce-segmented-time.gp
gnuplot -e "fmt='png'" reduce-segmented-cost.gp
gnuplot -e "fmt='svg'" reduce-segmented-cost.gp
gnuplot -e "fmt='png'" scan-matrix-time.gp
gnuplot -e "fmt='svg'" scan-matrix-time.gp
gnuplot -e "fmt='png'" scan-matrix-cost.gp
gnuplot -e "fmt='svg'" scan-matrix-cost.gp
gnuplot -e "fmt='png'" line-of-sight-time.gp
gnuplot -e "fmt='svg'" line-of-sight-time.gp
gnuplot -e "fmt='png'" line-of-sight-cost.gp
gnuplot -e "fmt='svg'" line-of-sight-cost.gp
gnuplot -e "fmt='png'" sandwich-time.gp
gnuplot -e "fmt='svg'" sandwich-time.gp
gnuplot -e "fmt='png'" sandwich-cost.gp
gnuplot -e "fmt='svg'" sandwich-cost.gp
gnuplot -e "fmt='png'" split-time.gp
gnuplot -e "fmt='svg'" split-time.gp
gnuplot -e "fmt='png'" split-cost.gp
gnuplot -e "fmt='svg'" split-cost.gp
gnuplot -e "fmt='png'" compact-time.gp
gnuplot -e "fmt='svg'" compact-time.gp
gnuplot -e "fmt='png'" compact-cost.gp
gnuplot -e "fmt='svg'" compact-cost.gp
gnuplot -e "fmt='png'" family-reduce.gp
gnuplot -e "fmt='svg'" family-reduce.gp
gnuplot -e "fmt='png'" family-scan.gp
gnuplot -e "fmt='svg'" family-scan.gp
gnuplot -e "fmt='png'" family-sort.gp
gnuplot -e "fmt='svg'" family-sort.gp
gnuplot -e "fmt='png'" brent-speedup.gp
gnuplot -e "fmt='svg'" brent-speedup.gp
echo "31 figures drawn; the index page is index.html"
