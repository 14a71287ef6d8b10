#!/bin/sh
# deps.sh - installs the Debian packages encbench needs to build, test,
# fuzz and draw (Debian 12 or later). Runs apt-get as root, or through sudo.
set -eu
packages="make build-essential pkg-config libcsv-dev libjansson-dev
	libcairo2-dev libfreetype-dev zlib1g-dev libcmocka-dev gnuplot-nox fonts-dejavu-core valgrind
	clang libclang-rt-14-dev fio bonnie++ busybox locales-all python3
	shellcheck hyperfine python3-scipy python3-pandas python3-matplotlib
	python3-mpmath time"
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
$sudo apt-get update
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends $packages
