/* sheet_label.c - labels as a sheet writes them: header text folded for
 * matching, and the release a cell, a title or a group row names. */
#include <stdio.h>
#include <string.h>

#include "modes.h"
#include "sheet.h"

/* Copies s trimmed, with each run of blanks (newlines of multi-line
 * header cells included) made one space, lower-cased when fold is set. */
static void
collapse(const char *s, char *buf, size_t n, int fold)
{
	size_t len = strlen(s), k = 0;
	int gap = 0;

	if (n == 0)
		return;
	s = eb_sheet_trim(s, &len);
	for (size_t i = 0; i < len && k + 1 < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			gap = 1;
			continue;
		}
		if (gap && k + 2 < n)
			buf[k++] = ' ';
		gap = 0;
		buf[k++] = (char)(fold ? sheet_lower(c) : c);
	}
	buf[k] = '\0';
}

void
eb_sheet_fold(const char *s, char *buf, size_t n)
{
	collapse(s, buf, n, 1);
}

void
eb_sheet_squeeze(const char *s, char *buf, size_t n)
{
	collapse(s, buf, n, 0);
}

/* ---- labels: releases and configurations */

static const char *const os_words[] = {
	"ubuntu", "kubuntu", "xubuntu", "debian", "freebsd", "fedora", "rhel",
	"centos", "rocky", "alma", "almalinux", "opensuse", "suse", "sles",
	"arch", "nixos", "proxmox", "pve", "truenas", "openzfs", "zfs", "linux",
	"kernel", "macos", "illumos", "omnios", "smartos", "gentoo", "mint",
	"release", "version", "lts", "rel", "v", NULL,
};

/* A version: digits with at least one dot, perhaps after a 'v'. */
static int
is_version(const char *s, size_t n, int *dotted)
{
	size_t i = 0;
	int dots = 0;

	if (n > 0 && (s[0] == 'v' || s[0] == 'V'))
		i++;
	if (i >= n || !sheet_isdig((unsigned char)s[i]))
		return 0;
	for (; i < n; i++) {
		if (s[i] == '.' && i + 1 < n && sheet_isdig((unsigned char)s[i + 1]))
			dots++;
		else if (!sheet_isdig((unsigned char)s[i]))
			return 0;
	}
	*dotted = dots > 0;
	return 1;
}

/* Calls fn on each blank- or comma-separated token of s outside
 * parentheses; stops when it returns 0. */
static int
each_token(const char *s, int (*fn)(void *, const char *, size_t), void *ctx)
{
	int depth = 0;

	for (size_t i = 0; s[i] != '\0';) {
		size_t j;

		if (s[i] == '(' || s[i] == '[') {
			depth++;
			i++;
			continue;
		}
		if (s[i] == ')' || s[i] == ']') {
			depth -= depth > 0;
			i++;
			continue;
		}
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' ||
		    s[i] == ',' || s[i] == ':' || s[i] == '=') {
			i++;
			continue;
		}
		for (j = i; s[j] != '\0' && !strchr(" \t\n\r,:=([)]", s[j]); j++)
			;
		if (depth == 0 && !fn(ctx, s + i, j - i))
			return 0;
		i = j;
	}
	return 1;
}

struct release_scan {
	int version, dotted, os, other, ubuntu;
	int named;		/* a system other than Ubuntu: keep its name */
	char ver[32];
};

static int
release_token(void *ctx, const char *s, size_t n)
{
	struct release_scan *rs = ctx;
	char w[24];
	int dotted = 0;

	if (is_version(s, n, &dotted)) {
		rs->version++;
		rs->dotted |= dotted;
		if (n < sizeof rs->ver) {
			memcpy(rs->ver, s, n);
			rs->ver[n] = '\0';
		}
		return 1;
	}
	if (n >= sizeof w) {
		rs->other++;
		return 1;
	}
	for (size_t i = 0; i < n; i++)
		w[i] = (char)sheet_lower((unsigned char)s[i]);
	w[n] = '\0';
	if (sheet_in(w, os_words)) {
		rs->os++;
		rs->ubuntu |= strstr(w, "ubuntu") != NULL;
		rs->named |= strstr(w, "ubuntu") == NULL && !sheet_in(w, (const char *const[]){
		    "release", "version", "lts", "rel", "v", NULL });
	} else {
		rs->other++;
	}
	return 1;
}

int
eb_sheet_is_release(const char *text)
{
	struct release_scan rs;

	memset(&rs, 0, sizeof rs);
	each_token(text, release_token, &rs);
	return rs.version == 1 && rs.other == 0 && (rs.dotted || rs.os > 0);
}

int
eb_sheet_release_number(const char *text, int ubuntu, char *buf, size_t n)
{
	struct release_scan rs;
	size_t len;

	memset(&rs, 0, sizeof rs);
	each_token(text, release_token, &rs);
	/* DESIGN.md labels Ubuntu releases by their number alone. */
	if (rs.version != 1 || rs.other != 0 || rs.named || !(rs.dotted || rs.os > 0))
		return 0;
	len = strlen(rs.ver);
	if (rs.ver[0] == 'V')
		rs.ver[0] = 'v';
	/* Excel takes "23.10" for the number 23.1 and exports it so;
	 * Ubuntu versions are YY.MM, with MM 04 or 10. */
	if ((ubuntu || rs.ubuntu) && len == 4 && sheet_isdig((unsigned char)rs.ver[0]) &&
	    rs.ver[2] == '.' && rs.ver[3] == '1')
		snprintf(buf, n, "%s0", rs.ver);
	else
		snprintf(buf, n, "%s", rs.ver);
	return 1;
}

void
eb_sheet_release(const char *text, int ubuntu, char *buf, size_t n)
{
	if (!eb_sheet_release_number(text, ubuntu, buf, n))
		eb_label_normalize(EB_F_RELEASE, text, buf, n);
}

/* The tokens of a title outside parentheses, to be told apart into a
 * release and the rest ("No AES-NI" of "Ubuntu 24.04 No AES-NI"). */
struct tokens {
	const char *at[16];
	size_t len[16];
	int n, over;
};

static int
collect(void *ctx, const char *s, size_t n)
{
	struct tokens *t = ctx;

	if (t->n == 16) {
		t->over = 1;
		return 0;
	}
	t->at[t->n] = s;
	t->len[t->n++] = n;
	return 1;
}

static void
add_to(char *buf, size_t n, const char *s, size_t len)
{
	size_t k = strlen(buf);

	if (k + len + 2 < n) {
		if (k > 0)
			buf[k++] = ' ';
		memcpy(buf + k, s, len);
		buf[k + len] = '\0';
	}
}

static int
cpu_word(const char *s, size_t n)
{
	static const char *const w[] = { "core", "cores", "cpu", "cpus", "vcpu", "vcpus", NULL };
	char b[8];

	if (n >= sizeof b)
		return 0;
	for (size_t i = 0; i < n; i++)
		b[i] = (char)sheet_lower((unsigned char)s[i]);
	b[n] = '\0';
	return sheet_in(b, w);
}

int
eb_sheet_release_config(const char *text, int ubuntu, char *rel, size_t rn,
    char *config, size_t cn)
{
	struct release_scan rs;
	struct tokens t;
	char inside[128], relt[128], rest[128];
	size_t k = 0;
	int depth = 0;

	memset(&t, 0, sizeof t);
	memset(&rs, 0, sizeof rs);
	relt[0] = rest[0] = '\0';
	each_token(text, collect, &t);
	if (t.over)
		return 0;
	for (int i = 0; i < t.n; i++) {
		int other = rs.other, dotted = 0;

		/* "2 cores": a count, not a version. */
		if ((i + 1 < t.n && cpu_word(t.at[i + 1], t.len[i + 1]) &&
		    is_version(t.at[i], t.len[i], &dotted) && !dotted) ||
		    (i > 0 && cpu_word(t.at[i - 1], t.len[i - 1]))) {
			add_to(rest, sizeof rest, t.at[i], t.len[i]);
			continue;
		}
		release_token(&rs, t.at[i], t.len[i]);
		add_to(rs.other != other ? rest : relt, sizeof rest, t.at[i], t.len[i]);
	}
	if (rs.version != 1 || !(rs.dotted || rs.os > 0))
		return 0;
	/* Words in parentheses ("(ZFS 0.8.3, illustrative numbers)") are
	 * notes unless the whole of them is a configuration. */
	for (const char *c = text; *c != '\0'; c++) {
		if (*c == ')' || *c == ']') {
			if (depth == 1) {
				char buf[64];

				inside[k] = '\0';
				if (eb_config_canonical(inside, buf, sizeof buf))
					add_to(rest, sizeof rest, inside, k);
				k = 0;
			}
			depth -= depth > 0;
		} else if (*c == '(' || *c == '[') {
			depth++;
		} else if (depth > 0 && k + 1 < sizeof inside) {
			inside[k++] = *c;
		}
	}
	if (rest[0] == '\0' || !eb_config_canonical(rest, config, cn))
		return 0;
	eb_sheet_release(relt, ubuntu, rel, rn);
	return 1;
}
