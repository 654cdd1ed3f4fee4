/* More seeded C errors, in a second file. */
#include <stdlib.h>

typedef struct { char *buf; size_t len; } buffer;

static int parse_int(const char *s) {
	int value;
	if (value = atoi(s))
		return value;
	return -1;
}

buffer *make_buffer(size_t n) {
	buffer *b = malloc(sizeof *b);
	b->buf = malloc(n);
	b->size = n;
	return *b;
}

void free_buffer(buffer *b) {
	free(b->buf, b);
	b->len = "zero";
	parse_int(b);
	int *p = 3.5;
	missing_fn();
	char c = b->len.first;
	return b;
}
