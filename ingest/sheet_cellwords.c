/* sheet_cellwords.c - the words of cells and labels rather than headers:
 * block sizes, run numbers, metric names, summary and computed rows. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sheet_words.h"

const char *
eb_sheet_metric_name(const char *text, struct eb_table *t)
{
	char buf[64];
	struct words ws;

	eb_sheet_fold(text, buf, sizeof buf);
	if (buf[0] == '\0')
		return NULL;
	eb_sheet_split(buf, &ws);
	for (int i = 0; i < ws.n; i++) {
		const char *w = ws.v[i].w;

		if (sheet_in(w, (const char *const[]){ "throughput", "bandwidth", "bw", "speed", NULL }))
			return "bw";
		if (strcmp(w, "iops") == 0)
			return "iops";
		if (strcmp(w, "cpu") == 0)
			return "cpu";
		if (strcmp(w, "power") == 0 || strcmp(w, "watts") == 0)
			return "power";
		if (strcmp(w, "ops") == 0)
			return "ops";
	}
	if (strncmp(buf, "lat", 3) == 0 && strchr(buf, '_') == NULL) {
		if (strstr(buf, "99"))
			return "lat_p99";
		if (strstr(buf, "max"))
			return "lat_max";
		return "lat_mean";
	}
	for (char *c = buf; *c != '\0'; c++)
		if (*c == ' ')
			*c = '_';
	return eb_intern_cstr(t, buf);
}

int64_t
eb_sheet_block_size(const char *text, int64_t scale)
{
	size_t n = strlen(text), i = 0;
	int64_t v = 0, mul;
	char suf[8];
	size_t k = 0;

	text = eb_sheet_trim(text, &n);
	if (n > 3 && (strncmp(text, "bs=", 3) == 0 || strncmp(text, "BS=", 3) == 0)) {
		text += 3;
		n -= 3;
	}
	int64_t frac = 0, den = 1;

	while (i < n && sheet_isdig((unsigned char)text[i])) {
		if (v > 1099511627776LL)
			return 0;
		v = v * 10 + (text[i++] - '0');
	}
	/* "0.5 KiB" and "1,5k" are whole bytes (512, 1536): a fraction is
	 * read where the size it names is a whole number of bytes. */
	if (i > 0 && i + 1 < n && (text[i] == '.' || text[i] == ',') &&
	    sheet_isdig((unsigned char)text[i + 1])) {
		for (i++; i < n && sheet_isdig((unsigned char)text[i]); i++) {
			if (den >= 1000000)
				return 0;
			frac = frac * 10 + (text[i] - '0');
			den *= 10;
		}
	}
	if (i == 0 || (v == 0 && frac == 0))
		return 0;
	while (i < n && text[i] == ' ')
		i++;
	for (; i < n; i++) {
		if (k + 1 >= sizeof suf)
			return 0;
		suf[k++] = (char)sheet_lower((unsigned char)text[i]);
	}
	suf[k] = '\0';
	if (k == 0)
		mul = scale > 0 ? scale : 1;
	else if (strcmp(suf, "b") == 0 || strcmp(suf, "bytes") == 0)
		mul = 1;
	else if ((mul = eb_sheet_size_suffix(suf)) == 0)
		return 0;
	if (v > 1099511627776LL / mul)
		return 0;
	/* frac < den <= 10^6: frac * mul fits an int64_t for mul up to
	 * 2^40 (TiB); v * mul does by the check above. */
	if (den > 1) {
		if (mul > 1099511627776LL || (frac * mul) % den != 0)
			return 0;
		return v * mul + frac * mul / den;
	}
	return v * mul;
}

int
eb_sheet_rep(const char *text)
{
	struct words ws;
	int i = 0;

	eb_sheet_split(text, &ws);
	if (ws.n == 2 && sheet_in(ws.v[0].w, eb_sheet_rep_words))
		i = 1;
	if (ws.n != i + 1 || ws.v[i].num < 1 || ws.v[i].num > 1000000)
		return 0;
	return (int)ws.v[i].num;
}

/* Skips "run", "runs", "r", "#" and blanks before a run number. */
static const char *
rep_lead(const char *s)
{
	while (*s == ' ')
		s++;
	if (strncasecmp(s, "runs", 4) == 0)
		s += 4;
	else if (strncasecmp(s, "run", 3) == 0)
		s += 3;
	else if (*s == 'r' || *s == 'R' || *s == '#')
		s++;
	while (*s == ' ')
		s++;
	return s;
}

int
eb_sheet_is_rep_summary(const char *text)
{
	const char *s = text;
	int parts = 0;

	while (*s == ' ')
		s++;
	/* x with a combining macron, the mean sign. */
	if (strcmp(s, "x\xcc\x84") == 0 || strcasecmp(s, "all") == 0 ||
	    strcasecmp(s, "all runs") == 0)
		return 1;
	s = rep_lead(s);
	for (;;) {
		if (*s < '0' || *s > '9')
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
		parts++;
		while (*s == ' ')
			s++;
		if (*s == '\0')
			return parts >= 2;
		if (strncmp(s, "..", 2) == 0)
			s += 2;
		else if (strncmp(s, "\xe2\x80\x93", 3) == 0 ||
		    strncmp(s, "\xe2\x80\x94", 3) == 0)
			s += 3;
		/* "1/3" may be run 1 of 3 as well as runs 1 and 3: no
		 * summary, and so no run number either, an error at the cell. */
		else if (strchr("-+&,", *s) != NULL)
			s++;
		else if (strncasecmp(s, "to ", 3) == 0 || strncasecmp(s, "and ", 4) == 0)
			s += *s == 't' || *s == 'T' ? 3 : 4;
		else
			return 0;
		s = rep_lead(s);
	}
}

int
eb_sheet_is_summary(const char *text)
{
	static const char *const names[] = {
		"average", "avg", "avg.", "mean", "median", "total", "sum", "min",
		"minimum", "max", "maximum", "stddev", "stdev", "std dev", "std",
		"std. dev.", "sd", "standard deviation", "overhead", "ratio",
		"geomean", "geometric mean", "variance", "cv", "best", "worst",
		"overall", "typical", "mittelwert", "durchschnitt", "moyenne",
		"media", "promedio", "mediana", "gesamt", "summe", "totals",
		"grand total", "\xc3\x98", "\xe2\x88\x85", "\xcf\x83", NULL,
	};
	char buf[32];

	eb_sheet_fold(text, buf, sizeof buf);
	if (buf[0] != '\0' && buf[strlen(buf) - 1] == ':')
		buf[strlen(buf) - 1] = '\0';
	return sheet_in(buf, names);
}

int
eb_sheet_is_derived(const char *text)
{
	/* Words that make a row a figure computed from other rows. A mode is
	 * never called so, but "baseline" may be one (the unencrypted run). */
	static const char *const words[] = {
		"overhead", "ratio", "relative", "slowdown", "speedup", "vs",
		"versus", "diff", "difference", "delta", "change", "penalty",
		"normalized", "normalised", "loss", "gain", "cost", "factor",
		"improvement", "regression", "degradation", "percent", "pct",
		"stddev", "stdev", "deviation", "variance", "sigma", "%",
		"\xce\x94", "\xe2\x88\x86", "\xc2\xb1", "range", "iqr", "sem", "spread",
		"stderr", "rsd", "\xe2\x88\x93", NULL,
	};
	struct words ws;

	eb_sheet_split(text, &ws);
	if (ws.nunits > 0 && ws.unit.kind == EB_SK_PCT)
		return 1;
	for (int i = 0; i < ws.n; i++)
		if (sheet_in(ws.v[i].w, words) ||
		    (strcmp(ws.v[i].w, "speed") == 0 && eb_sheet_word_is(&ws, i + 1, "up")))
			return 1;
	return 0;
}
