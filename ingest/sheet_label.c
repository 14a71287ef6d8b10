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
	"gnu/linux", "release", "version", "lts", "rel", "v", NULL,
};

/* Ubuntu's and Debian's code names, and the animals of Ubuntu's: "Ubuntu
 * 24.04 (noble)", "24.04 \"Noble Numbat\"" name 24.04 and nothing more. */
static const char *const codenames[] = {
	"warty", "hoary", "breezy", "dapper", "edgy", "feisty", "gutsy", "hardy",
	"intrepid", "jaunty", "karmic", "lucid", "maverick", "natty", "oneiric",
	"precise", "quantal", "raring", "saucy", "trusty", "utopic", "vivid", "wily",
	"xenial", "yakkety", "zesty", "artful", "bionic", "cosmic", "disco", "eoan",
	"focal", "groovy", "hirsute", "impish", "jammy", "kinetic", "lunar",
	"mantic", "noble", "oracular", "plucky", "questing", "numbat", "oriole",
	"puffin", "quokka", "minotaur", "lobster", "kudu", "jellyfish", "indri",
	"hippo", "gorilla", "fossa", "ermine", "dingo", "cuttlefish", "beaver",
	"aardvark", "eagle", "yak", "xerus", "werewolf", "vervet",
	"unicorn", "tahr", "salamander", "ringtail", "pangolin", "ocelot", "narwhal",
	"meerkat", "lynx", "koala", "ibex", "heron", "gibbon", "fawn", "eft", "drake",
	"badger", "hedgehog", "bookworm", "bullseye", "buster", "stretch", "trixie",
	"jessie", "forky", "lts", "release", NULL,
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
		/* A quoted code name: "Noble Numbat". */
		if (s[i] == '"') {
			const char *q = strchr(s + i + 1, '"');

			i = q != NULL ? (size_t)(q - s) + 1 : i + 1;
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
	int named;		/* words of a system other than Ubuntu */
	char name[24];		/* the first of them, lower case */
	char ver[32];
};

static int release_token(void *ctx, const char *s, size_t n);

/* Whether a token is a version or a word of a system's name, alone. */
static int
release_piece(const char *s, size_t n)
{
	char w[24];
	int dotted;

	if (is_version(s, n, &dotted))
		return 1;
	if (n == 0 || n >= sizeof w)
		return 0;
	for (size_t i = 0; i < n; i++)
		w[i] = (char)sheet_lower((unsigned char)s[i]);
	w[n] = '\0';
	return sheet_in(w, os_words);
}

/* "Ubuntu-24.04", "ubuntu_24.04", "Ubuntu24.04", "24.04-LTS", "14.1-RELEASE":
 * a system's name and its version glued; read as the two when every piece
 * is one or the other (audit F10), as "2-cores" is no release. */
static int
glued_release(struct release_scan *rs, const char *s, size_t n)
{
	size_t at[8], len[8], k = 0;

	for (size_t i = 0; i < n;) {
		size_t j = i;
		int digits = sheet_isdig((unsigned char)s[i]);

		if (s[i] == '-' || s[i] == '_') {
			i++;
			continue;
		}
		while (j < n && s[j] != '-' && s[j] != '_' && (digits ?
		    sheet_isdig((unsigned char)s[j]) || s[j] == '.' :
		    !sheet_isdig((unsigned char)s[j]) || (j == i + 1 && (s[i] == 'v' || s[i] == 'V'))))
			j++;
		if (k == 8 || !release_piece(s + i, j - i))
			return 0;
		at[k] = i;
		len[k++] = j - i;
		i = j;
	}
	if (k < 2)
		return 0;
	for (size_t i = 0; i < k; i++)
		release_token(rs, s + at[i], len[i]);
	return 1;
}

static int
release_token(void *ctx, const char *s, size_t n)
{
	struct release_scan *rs = ctx;
	char w[24];
	int dotted = 0;

	if (is_version(s, n, &dotted)) {
		rs->version++;
		rs->dotted |= dotted;
		/* "v24.04" is 24.04. */
		if (s[0] == 'v' || s[0] == 'V') {
			s++;
			n--;
		}
		if (n < sizeof rs->ver) {
			memcpy(rs->ver, s, n);
			rs->ver[n] = '\0';
		}
		return 1;
	}
	if (glued_release(rs, s, n))
		return 1;
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
		/* os-release's PRETTY_NAME: "Debian GNU/Linux 12", "Fedora Linux
		 * 40" are debian-12 and fedora-40, while "FreeBSD Linux" names
		 * two systems. */
		if (strstr(w, "ubuntu") == NULL && !sheet_in(w, (const char *const[]){
		    "release", "version", "lts", "rel", "v", NULL }) &&
		    !(rs->named == 1 && strcmp(w, "gnu/linux") == 0) &&
		    !(rs->named == 1 && strcmp(w, "linux") == 0 && sheet_in(rs->name,
		    (const char *const[]){ "fedora", "debian", "rocky", "arch", "gentoo",
		    "centos", NULL }))) {
			if (rs->named++ == 0)
				snprintf(rs->name, sizeof rs->name, "%s", w);
		}
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
	/* DESIGN.md labels Ubuntu releases by their number alone; another
	 * system keeps its name, one dash before the number ("FreeBSD
	 * 14.1-RELEASE" is freebsd-14.1), so that one system's release is one
	 * label however it is written. */
	if (rs.version != 1 || rs.other != 0 || rs.named > 1 || !(rs.dotted || rs.os > 0))
		return 0;
	if (rs.named == 1) {
		snprintf(buf, n, "%s-%s", rs.name, rs.ver);
		return 1;
	}
	len = strlen(rs.ver);
	/* Excel takes "23.10" for the number 23.1 and exports it so;
	 * Ubuntu versions are YY.MM, with MM 04 or 10. */
	if ((ubuntu || rs.ubuntu) && len == 4 && sheet_isdig((unsigned char)rs.ver[0]) &&
	    rs.ver[2] == '.' && rs.ver[3] == '1')
		snprintf(buf, n, "%s0", rs.ver);
	else
		snprintf(buf, n, "%s", rs.ver);
	return 1;
}

/* The release a code name is: "noble" is 24.04, "bookworm" Debian 12. */
static const char *
codename_release(const char *w)
{
	static const char *const names[][2] = {
		{ "warty", "4.10" }, { "hoary", "5.04" }, { "breezy", "5.10" },
		{ "dapper", "6.06" }, { "edgy", "6.10" }, { "feisty", "7.04" },
		{ "gutsy", "7.10" }, { "hardy", "8.04" }, { "intrepid", "8.10" },
		{ "jaunty", "9.04" }, { "karmic", "9.10" }, { "lucid", "10.04" },
		{ "maverick", "10.10" }, { "natty", "11.04" }, { "oneiric", "11.10" },
		{ "precise", "12.04" }, { "quantal", "12.10" }, { "raring", "13.04" },
		{ "saucy", "13.10" }, { "trusty", "14.04" }, { "utopic", "14.10" },
		{ "vivid", "15.04" }, { "wily", "15.10" }, { "xenial", "16.04" },
		{ "yakkety", "16.10" }, { "zesty", "17.04" }, { "artful", "17.10" },
		{ "bionic", "18.04" }, { "cosmic", "18.10" }, { "disco", "19.04" },
		{ "eoan", "19.10" }, { "focal", "20.04" }, { "groovy", "20.10" },
		{ "hirsute", "21.04" }, { "impish", "21.10" }, { "jammy", "22.04" },
		{ "kinetic", "22.10" }, { "lunar", "23.04" }, { "mantic", "23.10" },
		{ "noble", "24.04" }, { "oracular", "24.10" }, { "plucky", "25.04" },
		{ "questing", "25.10" }, { "jessie", "debian-8" }, { "stretch", "debian-9" },
		{ "buster", "debian-10" }, { "bullseye", "debian-11" },
		{ "bookworm", "debian-12" }, { "trixie", "debian-13" }, { "forky", "debian-14" },
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(w, names[i][0]) == 0)
			return names[i][1];
	return NULL;
}

int
eb_sheet_release_alone(const char *text, char *buf, size_t n)
{
	char rel[64];
	const char *named = NULL;

	/* Words in brackets or quotes may say anything ("24.04 (HWE kernel)")
	 * and keep the label as written, unless each is a code name or LTS. */
	for (const char *s = text; *s != '\0'; s++) {
		const char *e;
		char close = *s == '(' ? ')' : *s == '[' ? ']' : *s == '"' ? '"' : 0;

		if (close == 0)
			continue;
		if ((e = strchr(s + 1, close)) == NULL)
			return 0;
		for (const char *w = s + 1; w < e;) {
			char word[24];
			size_t k = 0;

			while (w < e && (*w == ' ' || *w == ',' || *w == '-'))
				w++;
			while (w < e && *w != ' ' && *w != ',' && *w != '-') {
				if (k + 1 < sizeof word)
					word[k++] = (char)sheet_lower((unsigned char)*w);
				w++;
			}
			word[k] = '\0';
			if (k > 0 && !sheet_in(word, codenames))
				return 0;
			if (k > 0 && codename_release(word) != NULL)
				named = codename_release(word);
		}
		s = e;
	}
	if (!eb_sheet_release_number(text, 0, rel, sizeof rel))
		return 0;
	/* "Ubuntu 24.04 (jammy)" says two releases: kept as written. */
	if (named != NULL && strncmp(rel, named, strlen(named)) != 0)
		return 0;
	snprintf(buf, n, "%s", rel);
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

/* Words that may stand between two numbers of a list or a range. */
static int
joining_word(const char *w)
{
	return sheet_in(w, (const char *const[]){ "and", "or", "to", "vs", "versus",
	    "through", "until", NULL }) || (sheet_in(w, os_words) &&
	    strcmp(w, "kernel") != 0);
}

/* Whether the code name w contradicts the release label ("jammy" is 22.04,
 * not 24.04); label "24.04.1" is a point release of 24.04. */
static int
codename_differs(const char *w, const char *label)
{
	const char *named = codename_release(w);
	size_t k;

	if (named == NULL)
		return 0;
	k = strlen(named);
	return strncmp(label, named, k) != 0 || (label[k] != '\0' && label[k] != '.');
}

/* Whether the brackets opening at text[open] hold an edition, as Fedora's
 * PRETTY_NAME "Fedora Linux 40 (Workstation Edition)" does: it names the
 * edition, not the release. */
static int
edition(const char *text, size_t open)
{
	const char *e = strpbrk(text + open, ")]");
	static const char word[] = "edition";

	if (e == NULL || (size_t)(e - text) < open + sizeof word - 1)
		return 0;
	e -= sizeof word - 1;
	for (size_t i = 0; i < sizeof word - 1; i++)
		if (sheet_lower((unsigned char)e[i]) != word[i])
			return 0;
	return 1;
}

int
eb_sheet_release_doubt(const char *text, const char *label, char *why, size_t wn)
{
	char first[32] = "", word[24];
	int joined = 0, os = 0, first_dotted = 0, depth = 0;
	size_t open = 0;
	const char *bad;

	for (size_t i = 0; text[i] != '\0';) {
		unsigned char c = (unsigned char)text[i];
		size_t j = i, k = 0;

		if (c == '(' || c == '[' || c == ')' || c == ']') {
			if ((c == '(' || c == '[') && depth++ == 0)
				open = i + 1;
			if (c == ')' || c == ']')
				depth -= depth > 0;
			first[0] = '\0';
			i++;
			continue;
		}
		if (sheet_isdig(c)) {
			int dotted = 0;

			while (sheet_isdig((unsigned char)text[j]) || (text[j] == '.' &&
			    sheet_isdig((unsigned char)text[j + 1])))
				dotted |= text[j++] == '.';
			if (depth == 0 && first[0] != '\0' && joined &&
			    (dotted || first_dotted || os)) {
				snprintf(why, wn, "names two releases, %s and %.*s", first,
				    (int)(j - i), text + i);
				return 1;
			}
			if (depth == 0) {
				snprintf(first, sizeof first, "%.*s", (int)(j - i), text + i);
				first_dotted = dotted;
				joined = 1;
			}
			i = j;
			continue;
		}
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
			/* A list's or a range's marks: "22.04 / 24.04", "22.04-24.04". */
			if (strchr(" \t/,;&+-", (int)c) == NULL)
				joined = 0;
			i++;
			continue;
		}
		while (sheet_isdig((unsigned char)text[j]) ||
		    (sheet_lower((unsigned char)text[j]) >= 'a' &&
		    sheet_lower((unsigned char)text[j]) <= 'z')) {
			if (k + 1 < sizeof word)
				word[k++] = (char)sheet_lower((unsigned char)text[j]);
			j++;
		}
		word[k] = '\0';
		i = j;
		os |= sheet_in(word, os_words);
		if (codename_differs(word, label) && strcmp(word, label) == 0) {
			snprintf(why, wn, "is a code name alone: write the release it is, as "
			    "'%s' or '%s (%s)'", codename_release(word), codename_release(word),
			    word);
			return 1;
		}
		if (codename_differs(word, label)) {
			snprintf(why, wn, "names %s, but %s is %s", label, word,
			    codename_release(word));
			return 1;
		}
		if (depth > 0 && !sheet_in(word, codenames) && !edition(text, open)) {
			snprintf(why, wn, "says '%s' in brackets, which names no release", word);
			return 1;
		}
		if (depth == 0 && !joining_word(word))
			joined = 0;
	}
	if ((bad = strpbrk(label, "/()[]{}\"")) != NULL) {
		snprintf(why, wn, "cannot be made one release label (it would keep '%c')",
		    *bad);
		return 1;
	}
	return 0;
}
