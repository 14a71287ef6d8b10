/* sheet_sniff.c - which separator a spreadsheet export uses, asked alike by
 * the probe and by the reader, and the probe that tells a sheet from the rest. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sheet_int.h"

/* Excel honours a first line "sep=;" and some tools write one for it; it
 * is no row of the sheet. Returns its length with the line end, or 0. */
size_t
eb_sheet_sep_line(const char *s, size_t n)
{
	if (n < 5 || strncasecmp(s, "sep=", 4) != 0 ||
	    (s[4] != ',' && s[4] != ';' && s[4] != '\t'))
		return 0;
	if (n == 5)
		return 5;
	if (s[5] == '\n')
		return 6;
	if (s[5] == '\r')
		return n > 6 && s[6] == '\n' ? 7 : 6;
	return 0;
}

void
eb_sheet_sniff(const char *s, size_t n, struct sniff *out)
{
	/* A tab-separated export (LibreOffice's "Text - txt - csv" with
	 * {Tab}, a copy from a spreadsheet's window) is one too; on a tie
	 * the comma wins, then ';'. */
	static const char seps[3] = { ',', ';', '\t' };
	int counts[3][SNIFF_RECORDS];
	int c[3] = { 0, 0, 0 }, inq = 0, blank = 1, best = -1;
	size_t k;

	memset(out, 0, sizeof *out);
	out->sep = ',';
	if ((k = eb_sheet_sep_line(s, n)) > 0) {
		out->sep = s[4];
		out->declared = 1;
		s += k;
		n -= k;
	}
	for (size_t i = 0; i <= n && out->nrec < SNIFF_RECORDS; i++) {
		if (i == n || (!inq && (s[i] == '\n' || s[i] == '\r'))) {
			if (!blank) {
				counts[0][out->nrec] = c[0];
				counts[1][out->nrec] = c[1];
				counts[2][out->nrec] = c[2];
				out->nrec++;
			}
			c[0] = c[1] = c[2] = 0;
			blank = 1;
			continue;
		}
		if (s[i] == '"')
			inq = !inq;
		else if (!inq && s[i] == ',')
			c[0]++;
		else if (!inq && s[i] == ';')
			c[1]++;
		else if (!inq && s[i] == '\t')
			c[2]++;
		if (s[i] != ' ' && s[i] != '\t')
			blank = 0;
	}
	if (out->declared) {
		out->agree = out->nrec;
		return;
	}
	/* Exporters pad every row to the sheet's width, so the right
	 * separator appears the same number of times on most lines; hand-made
	 * files drop trailing cells, which is fewer but not none. */
	for (int j = 0; j < 3; j++) {
		int mode = 0, freq = 0, partial = 0, score;

		for (int i = 0; i < out->nrec; i++) {
			int v = counts[j][i], f = 0;

			if (v == 0)
				continue;
			for (int m = 0; m < out->nrec; m++)
				f += counts[j][m] == v;
			if (f > freq || (f == freq && v > mode)) {
				mode = v;
				freq = f;
			}
		}
		for (int i = 0; i < out->nrec; i++)
			partial += counts[j][i] >= 1 && counts[j][i] < mode;
		score = 2 * freq + partial;
		if (score > best) {
			best = score;
			out->sep = seps[j];
			out->agree = freq;
			out->partial = partial;
		}
	}
}

/* A header row longer than what the probes see (5,000 columns of "Write
 * (MB/s)" are 80 kB, within SHEET_MAX_COLS) cannot be sniffed against
 * other rows: a first line of text cells with one separator between
 * every few dozen bytes is taken for one, as a guess the reader checks. */
static int
wide_header(const char *s, size_t n)
{
	size_t seps[2] = { 0, 0 };
	int inq = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"')
			inq = !inq;
		else if (!inq && s[i] == ',')
			seps[0]++;
		else if (!inq && s[i] == ';')
			seps[1]++;
		else if (s[i] == '\r' || s[i] == '\0')
			return 0;
	}
	return seps[0] > n / 64 || seps[1] > n / 64;
}

/* A field of the first line, for the probe. */
static size_t
field(const char *s, size_t n, char sep, int i, const char **f)
{
	size_t start = 0;

	for (size_t k = 0; k <= n; k++) {
		if (k == n || s[k] == sep || s[k] == '\n' || s[k] == '\r') {
			if (i-- == 0) {
				*f = s + start;
				return k - start;
			}
			if (k == n || s[k] != sep)
				break;
			start = k + 1;
		}
	}
	*f = "";
	return 0;
}

static int
version_field(const char *s, size_t n)
{
	size_t i = 0, d = 0;

	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == 0 || i >= n || s[i] != '.')
		return 0;
	for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		d++;
	if (i < n && s[i] >= 'a' && s[i] <= 'z')
		i++;
	return d > 0 && i == n;
}

/* bonnie++ CSV ("1.98,1.98,host,..." or 1.0x "host,2G,...") and fio
 * --minimal ("3;fio-3.28;job;...") are tabular too, but have parsers of
 * their own. */
static int
foreign_table(const char *s, size_t n)
{
	size_t line = 0, ncommas = 0, digits = 0, l1, l2;
	const char *f1, *f2;

	/* The probe's bytes end without a NUL: no str*() on them. */
	while (line < n && s[line] != '\n' && s[line] != '\r')
		ncommas += s[line++] == ',';
	if (line >= 15 && strncmp(s, "format_version,", 15) == 0)
		return 1;
	l1 = field(s, line, ',', 0, &f1);
	l2 = field(s, line, ',', 1, &f2);
	if (ncommas >= 20 && version_field(f1, l1) && version_field(f2, l2))
		return 1;
	while (digits < l2 && f2[digits] >= '0' && f2[digits] <= '9')
		digits++;
	if (ncommas >= 20 && l2 >= 2 && digits == l2 - 1 &&
	    (f2[digits] == 'K' || f2[digits] == 'M' || f2[digits] == 'G' || f2[digits] == 'T'))
		return 1;
	l1 = field(s, line, ';', 0, &f1);
	l2 = field(s, line, ';', 1, &f2);
	return l1 == 1 && (f1[0] == '2' || f1[0] == '3') && l2 > 4 &&
	    strncmp(f2, "fio-", 4) == 0;
}

int
eb_sheet_probe(const char *head, size_t len)
{
	static const char results[] = "release,host,config,mode,tool,job,";
	struct sniff sn;
	size_t i = 0;

	if (len >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0) {
		head += 3;
		len -= 3;
	}
	/* The probe may see a file cut in the middle of a line. */
	if (len >= EB_PROBE_BYTES - 3) {
		const char *nl = memrchr(head, '\n', len);

		if (nl != NULL)
			len = (size_t)(nl - head) + 1;
		else if (wide_header(head, len))
			return 20;
	}
	while (i < len && (head[i] == ' ' || head[i] == '\t' || head[i] == '\n' || head[i] == '\r'))
		i++;
	if (i < len && (head[i] == '{' || head[i] == '[' || head[i] == '<'))
		return 0;
	if (len >= sizeof results - 1 && memcmp(head, results, sizeof results - 1) == 0)
		return 0;
	if (foreign_table(head, len))
		return 0;
	eb_sheet_sniff(head, len, &sn);
	if (sn.declared)
		return 30;
	if (sn.nrec >= 2 && sn.agree >= 2 && 3 * (sn.agree + sn.partial) >= 2 * sn.nrec)
		return 20;
	return 0;
}
