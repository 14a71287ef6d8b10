#!/bin/sh
# deps.sh - installs the Debian 12 packages encbench needs, by level: the
# plain command what "make" and "make demo" need, options add the rest.
#
# usage: sh scripts/deps.sh [--test] [--fuzz] [--bench] [--valgrind]
#                           [--fixtures] [--all] [--print]
#
#   (none)      build and make demo
#   --test      also what make check and make sanitize need
#   --fuzz      also clang and its libFuzzer runtime, for make fuzz
#   --bench     also hyperfine, pandas, matplotlib, SciPy and gnuplot, for make bench
#   --valgrind  also valgrind, for make valgrind
#   --fixtures  also the tools that made tests/data and tests/reference
#               (fio, bonnie++, BusyBox, every locale, NumPy, SciPy, mpmath)
#   --all       every level
#   --print     print the package names, one a line, instead of installing
#
# Runs apt-get as root, or through sudo. Each list holds one package a line.
set -eu

# What make and make demo need. gcc brings the ASan and UBSan runtimes
# (libasan8, libubsan1) too, so make sanitize needs nothing more; gcc
# rather than build-essential spares g++ and dpkg-dev (14 packages).
base="
make
gcc
libc6-dev
pkg-config
libcsv-dev
libjansson-dev
libcairo2-dev
libfreetype-dev
zlib1g-dev
fonts-dejavu-core
"

# What make check runs besides the build: cmocka, and the programs the
# end-to-end tests call (they skip a check whose program is missing).
test="
libcmocka-dev
python3
gnuplot-nox
shellcheck
fio
strace
"

fuzz="
clang
libclang-rt-14-dev
"

bench="
hyperfine
python3-pandas
python3-matplotlib
python3-scipy
gnuplot-nox
time
"

valgrind="
valgrind
"

# The dd logs of every locale were made with locales-all; the statistics
# references with SciPy and mpmath (tests/reference/*.py).
fixtures="
fio
bonnie++
busybox
locales-all
python3-numpy
python3-scipy
python3-mpmath
"

packages=$base
print=0
help() { sed -n '5,17s/^# \{0,1\}//p' "$0"; }
for arg in "$@"; do
	case $arg in
	--test) packages="$packages $test" ;;
	--fuzz) packages="$packages $fuzz" ;;
	--bench) packages="$packages $bench" ;;
	--valgrind) packages="$packages $valgrind" ;;
	--fixtures) packages="$packages $fixtures" ;;
	--all) packages="$packages $test $fuzz $bench $valgrind $fixtures" ;;
	--print) print=1 ;;
	-h | --help) help; exit 0 ;;
	*) echo "deps.sh: unknown option '$arg'" >&2; help >&2; exit 64 ;;
	esac
done
# One name a line, each once, in the order of the lists.
# shellcheck disable=SC2086
packages=$(printf '%s\n' $packages | awk 'NF && !seen[$0]++')

if [ "$print" -eq 1 ]; then
	printf '%s\n' "$packages"
	exit 0
fi
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
$sudo apt-get update
# shellcheck disable=SC2086
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $packages
