#!/bin/sh
# draw.sh - draw this report's figures with gnuplot (pram report --no-draw
# wrote the data and the scripts): sh draw.sh
set -e
cd "$(dirname "$0")"
gnuplot -e "fmt='png'" reduce-time.gp
gnuplot -e "fmt='svg'" reduce-time.gp
gnuplot -e "fmt='png'" reduce-cost.gp
gnuplot -e "fmt='svg'" reduce-cost.gp
gnuplot -e "fmt='png'" reduce-memory.gp
gnuplot -e "fmt='svg'" reduce-memory.gp
gnuplot -e "fmt='png'" scan-blelloch-time.gp
gnuplot -e "fmt='svg'" scan-blelloch-time.gp
gnuplot -e "fmt='png'" scan-blelloch-cost.gp
gnuplot -e "fmt='svg'" scan-blelloch-cost.gp
gnuplot -e "fmt='png'" scan-blelloch-memory.gp
gnuplot -e "fmt='svg'" scan-blelloch-memory.gp
gnuplot -e "fmt='png'" family-reduce.gp
gnuplot -e "fmt='svg'" family-reduce.gp
gnuplot -e "fmt='png'" family-scan.gp
gnuplot -e "fmt='svg'" family-scan.gp
gnuplot -e "fmt='png'" brent-speedup.gp
gnuplot -e "fmt='svg'" brent-speedup.gp
echo "9 figures drawn; the index page is index.html"
