/* Seeded C errors: each line below main's comment is one diagnostic. */
#include <stdio.h>
#include <string.h>

struct account { int id; long balance; };

static int add(int a, int b) { return a + b; }

int total(struct account *a, int n) {
	int unused_total;
	int sum = 0;
	for (int i = 0; i < n; i++)
		sum += a[i].balance;
	return sum;
}

int main(void) {
	struct account acc = {1, 100};
	char *name = 42;
	printf("%d\n", "balance");
	add(1);
	acc.owner = 3;
	undeclared_helper(2);
	int count = "many";
	strcpy(name);
	acc.id();
	return "done";
}
