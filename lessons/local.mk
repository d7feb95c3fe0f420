## lessons/local.mk

# The exercises `pram check` grades (lessons/README.md has their format):
# data files, found in the source tree before install and in
# $(pkgdatadir)/lessons after, with their reference solutions and starters.
nobase_dist_pkgdata_DATA += lessons/01-reduction/reduce-kernel.exercise \
	lessons/01-reduction/solutions/reduce.cl lessons/01-reduction/starter/reduce.cl \
	lessons/03-blelloch/scan-pram.exercise \
	lessons/03-blelloch/solutions/scan.c lessons/03-blelloch/starter/scan.c \
	lessons/04-any-length/scan-kernel.exercise \
	lessons/04-any-length/solutions/scan.cl lessons/04-any-length/starter/scan.cl
EXTRA_DIST += lessons/README.md

# The lessons' texts and the example inputs their live examples read
# (NN-topic/lesson.md, NN-topic/*.txt, pram lessons and pram lesson),
# installed beside the exercises and put in the tarball whatever lessons
# there are, so that a new lesson needs no line here.
LESSON_TEXTS = cd $(srcdir) && for f in lessons/[0-9][0-9]-*/lesson.md lessons/[0-9][0-9]-*/*.txt; do \
	  test -f "$$f" && echo "$$f"; done; true
install-data-local: install-lesson-texts
uninstall-local: uninstall-lesson-texts
dist-hook: dist-lesson-texts
install-lesson-texts:
	@for f in `$(LESSON_TEXTS)`; do \
	  d=`dirname "$$f"`; \
	  $(MKDIR_P) "$(DESTDIR)$(pkgdatadir)/$$d" && \
	  echo " $(INSTALL_DATA) $$f '$(DESTDIR)$(pkgdatadir)/$$d'" && \
	  $(INSTALL_DATA) "$(srcdir)/$$f" "$(DESTDIR)$(pkgdatadir)/$$d/" || exit 1; \
	done
uninstall-lesson-texts:
	@for f in `$(LESSON_TEXTS)`; do rm -f "$(DESTDIR)$(pkgdatadir)/$$f"; done
dist-lesson-texts:
	@for f in `$(LESSON_TEXTS)`; do \
	  $(MKDIR_P) "$(distdir)/`dirname $$f`" && cp -p "$(srcdir)/$$f" "$(distdir)/$$f" || exit 1; \
	done
.PHONY: install-lesson-texts uninstall-lesson-texts dist-lesson-texts
