# golden_dir ID prints the directory a parser's Linux golden cases go in:
# testdata/linux/ID of the parser package that holds ID's cases
# (catalog/parsers/<package>/testdata/<os>/ID). A parser with no case yet
# names its package in GOLDEN_PKG. Sourced by the capture scripts.
golden_dir() {
	local id=$1 root d
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	for d in "$root"/parsers/*/testdata/*/"$id"; do
		if [[ -d $d ]]; then
			echo "$(dirname "$(dirname "$d")")/linux/$id"
			return
		fi
	done
	if [[ -n ${GOLDEN_PKG:-} && -d $root/parsers/$GOLDEN_PKG ]]; then
		echo "$root/parsers/$GOLDEN_PKG/testdata/linux/$id"
		return
	fi
	echo "golden_dir: no package holds cases of $id; set GOLDEN_PKG to its package under catalog/parsers" >&2
	return 1
}
