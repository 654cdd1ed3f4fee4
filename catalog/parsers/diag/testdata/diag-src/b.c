int f(int x) {
	if (x = 1)
		return 2
	return x;
}
