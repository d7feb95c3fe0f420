# common.sh - what the bench scripts share, sourced by them:
#   . "$(dirname "$0")/common.sh"

# bench_log DIR: make the output folder DIR and set out to its absolute
# path; from here on everything the script prints goes to $out/log.txt,
# each command traced.
bench_log() {
	mkdir -p "$1"
	out=$(cd "$1" && pwd)
	exec >"$out/log.txt" 2>&1
	set -x
}

# bench_tmp: a temporary folder, tmp, removed when the script exits.
bench_tmp() {
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
}

# bench_cuda: nvcc on the PATH, where CUDA is installed but not on it.
bench_cuda() {
	PATH=$PATH:/usr/local/cuda/bin
	export PATH
}
