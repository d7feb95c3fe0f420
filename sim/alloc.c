/*
 * alloc.c - the one allocation hook every libpram allocation goes through.
 *
 * Tests install their own function with pram_set_allocator to count bytes or
 * to make the n-th allocation fail; the library must then fail cleanly.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void *default_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	(void)ud;
	(void)osize;
	if (nsize == 0) {
		free(ptr);
		return NULL;
	}
	return realloc(ptr, nsize);
}

static pram_alloc_fn alloc_fn = default_alloc;
static void *alloc_ud;

void pram_set_allocator(pram_alloc_fn fn, void *ud)
{
	alloc_fn = fn ? fn : default_alloc;
	alloc_ud = fn ? ud : NULL;
}

void *pram__alloc(size_t n)
{
	return n ? alloc_fn(alloc_ud, NULL, 0, n) : NULL;
}

void *pram__realloc(void *p, size_t osize, size_t nsize)
{
	return alloc_fn(alloc_ud, p, osize, nsize);
}

void pram__free(void *p, size_t size)
{
	if (p)
		alloc_fn(alloc_ud, p, size, 0);
}

char *pram__strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = pram__alloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

int pram__grow(void **pp, size_t *cap, size_t need, size_t sz)
{
	if (need <= *cap)
		return 0;
	size_t ncap = *cap ? *cap : 16;
	while (ncap < need)
		ncap *= 2;
	void *np = pram__realloc(*pp, *cap * sz, ncap * sz);
	if (!np)
		return -1;
	*pp = np;
	*cap = ncap;
	return 0;
}
