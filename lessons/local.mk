## lessons/local.mk

# The exercises `pram check` grades (lessons/README.md has their format):
# data files, found in the source tree before install and in
# $(pkgdatadir)/lessons after, with their starters. Their reference
# solutions (LESSON_SOLUTIONS, below) are not installed.
nobase_dist_pkgdata_DATA += lessons/01-reduction/reduce-kernel.exercise \
	lessons/01-reduction/starter/reduce.cl \
	lessons/03-blelloch/scan-pram.exercise \
	lessons/03-blelloch/starter/scan.c \
	lessons/04-any-length/scan-kernel.exercise \
	lessons/04-any-length/starter/scan.cl
EXTRA_DIST += lessons/README.md
# The lessons' texts and the example inputs their live examples read.
nobase_dist_pkgdata_DATA += lessons/01-reduction/lesson.md \
	lessons/01-reduction/example.txt lessons/01-reduction/five.txt \
	lessons/01-reduction/reduce-pram.exercise lessons/01-reduction/starter/reduce.c
nobase_dist_pkgdata_DATA += lessons/02-hillis-steele/lesson.md lessons/02-hillis-steele/example.txt \
	lessons/02-hillis-steele/hillis-steele-kernel.exercise \
	lessons/02-hillis-steele/starter/hillis-steele.cl \
	lessons/02-hillis-steele/hillis-steele-prediction.exercise \
	lessons/02-hillis-steele/starter/answer.txt \
	lessons/02-hillis-steele/hillis-steele-pram.exercise \
	lessons/02-hillis-steele/starter/scan.c
nobase_dist_pkgdata_DATA += lessons/03-blelloch/lesson.md lessons/03-blelloch/example.txt \
	lessons/03-blelloch/five.txt lessons/03-blelloch/blelloch-prediction.exercise \
	lessons/03-blelloch/starter/answer.txt \
	lessons/03-blelloch/blelloch-kernel.exercise lessons/03-blelloch/starter/blelloch.cl
nobase_dist_pkgdata_DATA += lessons/04-any-length/lesson.md lessons/04-any-length/example.txt \
	lessons/04-any-length/brent-prediction.exercise \
	lessons/04-any-length/starter/answer.txt \
	lessons/04-any-length/brent-pram.exercise lessons/04-any-length/starter/brent.c
nobase_dist_pkgdata_DATA += lessons/05-models/lesson.md lessons/05-models/example.txt \
	lessons/05-models/bits.txt lessons/05-models/candidates.txt \
	lessons/05-models/max-crcw-prediction.exercise \
	lessons/05-models/starter/max-crcw/answer.txt \
	lessons/05-models/max-tree-prediction.exercise \
	lessons/05-models/starter/max-tree/answer.txt \
	lessons/05-models/max-kernel.exercise \
	lessons/05-models/starter/max.cl \
	lessons/05-models/max-crcw-pram.exercise \
	lessons/05-models/starter/max.c
nobase_dist_pkgdata_DATA += lessons/06-segmented-scan/lesson.md lessons/06-segmented-scan/example.txt \
	lessons/06-segmented-scan/segmented-prediction.exercise \
	lessons/06-segmented-scan/starter/answer.txt \
	lessons/06-segmented-scan/segscan-pram.exercise lessons/06-segmented-scan/starter/segscan.c \
	lessons/06-segmented-scan/segscan-kernel.exercise lessons/06-segmented-scan/starter/segscan.cl
nobase_dist_pkgdata_DATA += lessons/07-line-of-sight/lesson.md lessons/07-line-of-sight/terrain.txt \
	lessons/07-line-of-sight/sandwich.txt lessons/07-line-of-sight/line-of-sight-prediction.exercise \
	lessons/07-line-of-sight/starter/line-of-sight/answer.txt \
	lessons/07-line-of-sight/sandwich-prediction.exercise \
	lessons/07-line-of-sight/starter/sandwich/answer.txt \
	lessons/07-line-of-sight/line-of-sight-pram.exercise lessons/07-line-of-sight/starter/los.c \
	lessons/07-line-of-sight/line-of-sight-kernel.exercise \
	lessons/07-line-of-sight/starter/los.cl
nobase_dist_pkgdata_DATA += lessons/08-histograms/lesson.md lessons/08-histograms/records.txt \
	lessons/08-histograms/histogram-predict.exercise \
	lessons/08-histograms/starter/histogram-predict/answer.txt \
	lessons/08-histograms/histogram-atomic-predict.exercise \
	lessons/08-histograms/starter/histogram-atomic-predict/answer.txt \
	lessons/08-histograms/histogram-kernel.exercise \
	lessons/08-histograms/starter/histogram.cl \
	lessons/08-histograms/histogram-pram.exercise \
	lessons/08-histograms/starter/histogram.c
nobase_dist_pkgdata_DATA += lessons/09-counting-sorts/lesson.md \
	lessons/09-counting-sorts/list.txt lessons/09-counting-sorts/ab.txt \
	lessons/09-counting-sorts/counting-sort-2d-predict.exercise \
	lessons/09-counting-sorts/starter/counting-sort-2d-predict/answer.txt \
	lessons/09-counting-sorts/histopyramid-pram.exercise \
	lessons/09-counting-sorts/starter/histopyramid.c \
	lessons/09-counting-sorts/counting-sort-kernel.exercise \
	lessons/09-counting-sorts/starter/countsort.cl
nobase_dist_pkgdata_DATA += lessons/10-radix-sort/lesson.md \
	lessons/10-radix-sort/bits.txt \
	lessons/10-radix-sort/letters.txt lessons/10-radix-sort/postcodes.txt \
	lessons/10-radix-sort/radix-sort-predict.exercise \
	lessons/10-radix-sort/starter/radix-sort-predict/answer.txt \
	lessons/10-radix-sort/split-predict.exercise \
	lessons/10-radix-sort/starter/split-predict/answer.txt \
	lessons/10-radix-sort/split-pram.exercise lessons/10-radix-sort/starter/split.c \
	lessons/10-radix-sort/split-kernel.exercise lessons/10-radix-sort/starter/split.cl \
	lessons/10-radix-sort/radix-scatter.exercise lessons/10-radix-sort/starter/scatter.cl
nobase_dist_pkgdata_DATA += lessons/11-partitioned-streams/lesson.md \
	lessons/11-partitioned-streams/stream.txt lessons/11-partitioned-streams/long.txt \
	lessons/11-partitioned-streams/signed.txt \
	lessons/11-partitioned-streams/jfa3-predict.exercise \
	lessons/11-partitioned-streams/starter/jfa3-predict/answer.txt \
	lessons/11-partitioned-streams/jfa7-predict.exercise \
	lessons/11-partitioned-streams/starter/jfa7-predict/answer.txt \
	lessons/11-partitioned-streams/jfa-pram.exercise lessons/11-partitioned-streams/starter/jfa.c \
	lessons/11-partitioned-streams/jfa-kernel.exercise \
	lessons/11-partitioned-streams/starter/jfa.cl
nobase_dist_pkgdata_DATA += lessons/12-spmv/lesson.md \
	lessons/12-spmv/notes.txt lessons/12-spmv/products.txt \
	lessons/12-spmv/spmv-predict.exercise \
	lessons/12-spmv/starter/spmv-predict/answer.txt \
	lessons/12-spmv/spmv-pram.exercise lessons/12-spmv/starter/spmv.c \
	lessons/12-spmv/spmv-kernel.exercise lessons/12-spmv/starter/spmv.cl
nobase_dist_pkgdata_DATA += lessons/13-summed-area-tables/lesson.md \
	lessons/13-summed-area-tables/notes.txt lessons/13-summed-area-tables/focus.txt \
	lessons/13-summed-area-tables/window.txt lessons/13-summed-area-tables/scene.pgm \
	lessons/13-summed-area-tables/sat-predict.exercise \
	lessons/13-summed-area-tables/starter/sat-predict/answer.txt \
	lessons/13-summed-area-tables/sat-pram.exercise lessons/13-summed-area-tables/starter/sat.c \
	lessons/13-summed-area-tables/box-filter-kernel.exercise \
	lessons/13-summed-area-tables/starter/box.cl
nobase_dist_pkgdata_DATA += lessons/14-scan-matrix/lesson.md \
	lessons/14-scan-matrix/notes.txt lessons/14-scan-matrix/forty.txt \
	lessons/14-scan-matrix/scan-matrix-predict.exercise \
	lessons/14-scan-matrix/starter/scan-matrix-predict/answer.txt \
	lessons/14-scan-matrix/reduce-matrix-predict.exercise \
	lessons/14-scan-matrix/starter/reduce-matrix-predict/answer.txt \
	lessons/14-scan-matrix/matrix-scan-pram.exercise \
	lessons/14-scan-matrix/starter/matscan.c
nobase_dist_pkgdata_DATA += lessons/14-scan-matrix/matrix-scan-kernel.exercise \
	lessons/14-scan-matrix/starter/tilescan.cl
# Lesson 15's live examples check the kernels of variants/ against
# variants/counts.exercise, which lies out of the lessons' exercises.
nobase_dist_pkgdata_DATA += lessons/15-beyond-brent/lesson.md \
	lessons/15-beyond-brent/reduce-access.exercise \
	lessons/15-beyond-brent/starter/reduce.cl \
	lessons/15-beyond-brent/reduce-brent-pram.exercise \
	lessons/15-beyond-brent/starter/reduce.c \
	lessons/15-beyond-brent/variants/counts.exercise \
	lessons/15-beyond-brent/variants/sequential.cl \
	lessons/15-beyond-brent/variants/interleaved.cl \
	lessons/15-beyond-brent/variants/strided.cl

# The reference solutions: in the release tarball (and the source tree) for
# teachers and for the tests, which read them there, but never installed,
# where every submission could reach them (a kernel by an #include of the
# path, a program by opening it).
LESSON_SOLUTIONS = lessons/01-reduction/solutions/reduce.cl \
	lessons/01-reduction/solutions/reduce.c \
	lessons/02-hillis-steele/solutions/hillis-steele.cl \
	lessons/02-hillis-steele/solutions/answer.txt lessons/02-hillis-steele/solutions/scan.c \
	lessons/03-blelloch/solutions/scan.c lessons/03-blelloch/solutions/blelloch.cl \
	lessons/03-blelloch/solutions/answer.txt lessons/04-any-length/solutions/scan.cl \
	lessons/04-any-length/solutions/answer.txt \
	lessons/04-any-length/solutions/brent.c \
	lessons/05-models/solutions/max-crcw/answer.txt \
	lessons/05-models/solutions/max-tree/answer.txt \
	lessons/05-models/solutions/max.cl \
	lessons/05-models/solutions/max.c \
	lessons/06-segmented-scan/solutions/answer.txt \
	lessons/06-segmented-scan/solutions/segscan.c \
	lessons/06-segmented-scan/solutions/segscan.cl \
	lessons/07-line-of-sight/solutions/line-of-sight/answer.txt \
	lessons/07-line-of-sight/solutions/sandwich/answer.txt \
	lessons/07-line-of-sight/solutions/los.c \
	lessons/07-line-of-sight/solutions/los.cl \
	lessons/08-histograms/solutions/histogram-predict/answer.txt \
	lessons/08-histograms/solutions/histogram-atomic-predict/answer.txt \
	lessons/08-histograms/solutions/histogram.cl \
	lessons/08-histograms/solutions/histogram.c \
	lessons/09-counting-sorts/solutions/counting-sort-2d-predict/answer.txt \
	lessons/09-counting-sorts/solutions/histopyramid.c \
	lessons/09-counting-sorts/solutions/countsort.cl \
	lessons/10-radix-sort/solutions/radix-sort-predict/answer.txt \
	lessons/10-radix-sort/solutions/split-predict/answer.txt \
	lessons/10-radix-sort/solutions/split.c \
	lessons/10-radix-sort/solutions/split.cl \
	lessons/10-radix-sort/solutions/scatter.cl \
	lessons/11-partitioned-streams/solutions/jfa3-predict/answer.txt \
	lessons/11-partitioned-streams/solutions/jfa7-predict/answer.txt \
	lessons/11-partitioned-streams/solutions/jfa.c \
	lessons/11-partitioned-streams/solutions/jfa.cl \
	lessons/12-spmv/solutions/spmv-predict/answer.txt \
	lessons/12-spmv/solutions/spmv.c \
	lessons/12-spmv/solutions/spmv.cl \
	lessons/13-summed-area-tables/solutions/sat-predict/answer.txt \
	lessons/13-summed-area-tables/solutions/sat.c \
	lessons/13-summed-area-tables/solutions/box.cl \
	lessons/14-scan-matrix/solutions/scan-matrix-predict/answer.txt \
	lessons/14-scan-matrix/solutions/reduce-matrix-predict/answer.txt \
	lessons/14-scan-matrix/solutions/matscan.c lessons/14-scan-matrix/solutions/tilescan.cl \
	lessons/15-beyond-brent/solutions/reduce.cl \
	lessons/15-beyond-brent/solutions/reduce.c
EXTRA_DIST += $(LESSON_SOLUTIONS)
