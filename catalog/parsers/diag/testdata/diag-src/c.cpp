#include <string>
#include <vector>

struct Widget {
	int size() const { return n; }
	int n;
};

int count(const std::vector<Widget> &ws) {
	int total = 0;
	for (auto w : ws)
		total += w.size;
	std::string s = 5;
	Widget w{1, 2};
	return total
}
