#include <stdio.h>

struct point { int x, y; };

static int add(int a, int b) { return a + b; }

int main(void) {
	int unused;
	struct point p = {1, 2};
	char *s = 5;
	printf("%d\n", "str");
	add(1);
	p.z = 3;
	undeclared_fn(2);
	return "x";
}
