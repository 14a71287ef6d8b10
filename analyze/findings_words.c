/* findings_words.c - the words every findings sentence shares: the
 * comparisons of one sentence and their tally, ranges, and what has no verdict. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "caveats.h"
#include "findings_int.h"

void
eb_findings_say(struct eb_findings *f, const char *fmt, ...)
{
	va_list ap;
	char buf[1024];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	eb_xgrow(&f->lines, &f->cap, f->n + 1, sizeof *f->lines);
	f->lines[f->n++] = eb_xstrdup(buf);
}

void
eb_findings_qualify(struct eb_findings *f, const struct claims *c, size_t from)
{
	struct eb_caveat_list l = { 0 };

	if (f->caveats == NULL || from >= f->n)
		return;
	for (size_t i = 0; i < c->n; i++)
		eb_caveats_verdict(f->caveats, &c->v[i], &l);
	for (size_t i = from; i < f->n && l.n > 0; i++) {
		char buf[4096];

		snprintf(buf, sizeof buf, "%s", f->lines[i]);
		eb_caveat_list_sentence(&l, buf, sizeof buf);
		free(f->lines[i]);
		f->lines[i] = eb_xstrdup(buf);
	}
	eb_caveat_list_free(&l);
}

const char *
eb_op_words(const char *op)
{
	if (*op == '\0')
		return "all directions";
	if (strcmp(op, "write") == 0)
		return "writes";
	if (strcmp(op, "read") == 0)
		return "reads";
	if (strcmp(op, "rewrite") == 0)
		return "rewrites";
	return op;
}

/* ---- the comparisons of one sentence: its Holm family */

void
eb_claim_add(struct claims *c, const struct eb_verdict *v, const struct eb_record *k, int seg)
{
	eb_xgrow(&c->v, &c->cap, c->n + 1, sizeof *c->v);
	eb_xgrow(&c->k, &c->capk, c->n + 1, sizeof *c->k);
	eb_xgrow(&c->seg, &c->caps, c->n + 1, sizeof *c->seg);
	c->v[c->n] = *v;
	c->k[c->n] = k;
	c->seg[c->n++] = seg;
}

void
eb_claim_adjust(struct claims *c, const struct eb_verdict_opts *o)
{
	struct eb_verdict **p = eb_xmalloc((c->n ? c->n : 1) * sizeof *p);

	for (size_t i = 0; i < c->n; i++)
		p[i] = &c->v[i];
	eb_verdict_adjust(p, c->k, c->n, o);
	free(p);
}

void
eb_claim_free(struct claims *c)
{
	free(c->v);
	free(c->k);
	free(c->seg);
	memset(c, 0, sizeof *c);
}

int
eb_untestable(const struct eb_verdict *v)
{
	return v->kind == EB_VERDICT_SINGLE_RUN || v->kind == EB_VERDICT_NO_VARIATION ||
	    v->kind == EB_VERDICT_TOO_FEW_RUNS || v->kind == EB_VERDICT_UNBOUNDED ||
	    v->kind == EB_VERDICT_OUT_OF_RANGE || v->kind == EB_VERDICT_NONE;
}

void
eb_tally(const struct claims *c, int seg, struct tally *t)
{
	double ci_est_lo = 0, ci_est_hi = 0;

	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < c->n; i++) {
		const struct eb_verdict *v = &c->v[i];

		if (seg >= 0 && c->seg[i] != seg)
			continue;
		/* A ratio out of range has no figure to add to a range; the
		 * sentences name it (eb_name_untestable). */
		t->out_of_range += v->kind == EB_VERDICT_OUT_OF_RANGE;
		if (isnan(v->estimate))
			continue;
		if (t->n == 0 || v->estimate < t->est_lo)
			t->est_lo = v->estimate;
		if (t->n == 0 || v->estimate > t->est_hi)
			t->est_hi = v->estimate;
		/* The hull of the intervals there are, and the spread of those
		 * cases' estimates: a case without an interval (a single run, no
		 * variation) adds neither, and is named instead. */
		if (!isnan(v->lo) && !isnan(v->hi)) {
			if (t->with_ci == 0 || v->lo < t->ci_lo)
				t->ci_lo = v->lo;
			if (t->with_ci == 0 || v->hi > t->ci_hi)
				t->ci_hi = v->hi;
			if (t->with_ci == 0 || v->estimate < ci_est_lo)
				ci_est_lo = v->estimate;
			if (t->with_ci == 0 || v->estimate > ci_est_hi)
				ci_est_hi = v->estimate;
			t->with_ci++;
		}
		t->alpha = v->alpha;
		t->adjusted |= eb_verdict_interval_adjusted(v);
		t->kinds[v->kind]++;
		t->reaches_zero += v->kind == EB_VERDICT_UNBOUNDED && v->reaches_zero;
		t->mode_zero += v->kind == EB_VERDICT_UNBOUNDED && v->reaches_zero &&
		    v->what == EB_VW_OVERHEAD;
		t->own_unbounded += v->kind == EB_VERDICT_UNBOUNDED && v->what == EB_VW_OVERHEAD_CHANGE;
		t->open_lo |= eb_verdict_open_bound(v, 0) < 0;
		t->open_hi |= eb_verdict_open_bound(v, 0) > 0;
		t->untestable += eb_untestable(v);
		if (v->family_size > t->family_size)
			t->family_size = v->family_size;
		t->n++;
	}
	if (t->with_ci > 0) {
		t->est_lo = ci_est_lo;
		t->est_hi = ci_est_hi;
	}
	/* A ratio's floor is no bound of the hull either. */
	if (t->open_lo)
		t->ci_lo = NAN;
	if (t->open_hi)
		t->ci_hi = NAN;
}

/* "12.3 %", "10.2–14.8 %", "-5.0 to 3.0 %" across zero, or signed (plus)
 * "+1.2 %" and "-0.7 to +0.3 pp"; each figure with the digits
 * eb_figure_text gives it against 0 and the margin. */
static void
figure_range(char *buf, size_t n, double lo, double hi, int plus, double margin,
    const char *unit)
{
	char l[40], h[40];

	/* One side open (eb_tally: a ratio's floor): the measured side alone. */
	if (isnan(lo) != isnan(hi)) {
		if (plus || margin > 0)
			eb_figure_text(isnan(lo) ? hi : lo, plus, margin, l, sizeof l);
		else
			eb_share_text(isnan(lo) ? hi : lo, 0, l, sizeof l);
		if (strncmp(l, "> ", 2) == 0)
			snprintf(buf, n, "over %s %s", l + 2, unit);
		else
			snprintf(buf, n, "%s %s %s", isnan(lo) ? "at most" : "at least", l, unit);
		return;
	}
	/* A share (a cost, a rise) keeps its side of 100 % as of 0. */
	if (plus || margin > 0) {
		eb_figure_text(lo, plus, margin, l, sizeof l);
		eb_figure_text(hi, plus, margin, h, sizeof h);
	} else {
		eb_share_text(lo, 0, l, sizeof l);
		eb_share_text(hi, 0, h, sizeof h);
	}
	if (strcmp(l, h) == 0)
		snprintf(buf, n, "%s %s", l, unit);
	else if (strncmp(h, "> ", 2) == 0)
		snprintf(buf, n, "%s %s to over %s %s", l, unit, h + 2, unit);
	else if (plus || lo < 0)
		snprintf(buf, n, "%s to %s %s", l, h, unit);
	else
		snprintf(buf, n, "%s–%s %s", l, h, unit);
}

void
eb_pct_range(char *buf, size_t n, double lo, double hi, const char *unit)
{
	figure_range(buf, n, lo, hi, 0, 0, unit);
}

void
eb_signed_range(char *buf, size_t n, double lo, double hi, double margin, const char *unit)
{
	figure_range(buf, n, lo, hi, 1, margin, unit);
}

/* "between 4.4 % faster and 41.2 % slower" for an interval across 0. */
void
eb_between_text(char *buf, size_t n, double lo, double hi)
{
	char f[40], s[40];

	eb_figure_text(-lo, 0, 0, f, sizeof f);
	eb_figure_text(hi, 0, 0, s, sizeof s);
	if (isnan(hi))
		snprintf(buf, n, "from %s %% faster to any cost", f);
	else
		snprintf(buf, n, "between %s %% faster and %s %% slower", f, s);
}

/* A spread of cost estimates in words: "12.0–15.0 % slower", "4.4 %
 * faster", "between 4.4 % faster and 41.2 % slower"; never a negative
 * cost. */
void
eb_slow_fast(char *buf, size_t n, double lo, double hi)
{
	char r[96];

	if (lo >= 0) {
		eb_pct_range(r, sizeof r, lo, hi, "%");
		snprintf(buf, n, "%s slower", r);
	} else if (hi <= 0) {
		eb_pct_range(r, sizeof r, -hi, -lo, "%");
		snprintf(buf, n, "%s faster", r);
	} else
		eb_between_text(buf, n, lo, hi);
}

static void case_name(const struct eb_record *k, int with_job, char *buf, size_t n);

void
eb_case_name(const struct eb_record *k, char *buf, size_t n)
{
	case_name(k, 0, buf, n);
}

void
eb_case_name_with_job(const struct eb_record *k, char *buf, size_t n)
{
	case_name(k, 1, buf, n);
}

int
eb_case_names_collide(const struct eb_record *const *k, size_t n, int by_mode)
{
	char a[128], b[128];

	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			if (strcmp(k[i]->f[EB_F_JOB], k[j]->f[EB_F_JOB]) == 0 ||
			    (by_mode && strcmp(k[i]->f[EB_F_MODE], k[j]->f[EB_F_MODE]) != 0))
				continue;
			eb_case_name(k[i], a, sizeof a);
			eb_case_name(k[j], b, sizeof b);
			if (strcmp(a, b) == 0)
				return 1;
		}
	return 0;
}

static void
case_name(const struct eb_record *k, int with_job, char *buf, size_t n)
{
	const char *what = *k->f[EB_F_WORKLOAD] ? k->f[EB_F_WORKLOAD] : k->f[EB_F_JOB];
	const char *job = "";
	char size[24] = "";

	/* Jobs that one name would name alike ("a" and "b", both "fio seq
	 * write 4 KiB") are named by job too, as the tables name them. */
	if (with_job && *k->f[EB_F_WORKLOAD] && strcmp(k->f[EB_F_JOB], k->f[EB_F_TOOL]) != 0 &&
	    strcmp(k->f[EB_F_JOB], k->f[EB_F_WORKLOAD]) != 0)
		job = k->f[EB_F_JOB];

	if (k->block_size >= 1048576 && k->block_size % 1048576 == 0)
		snprintf(size, sizeof size, " %lld MiB", (long long)(k->block_size / 1048576));
	else if (k->block_size >= 1024 && k->block_size % 1024 == 0)
		snprintf(size, sizeof size, " %lld KiB", (long long)(k->block_size / 1024));
	else if (k->block_size > 0)
		snprintf(size, sizeof size, " %lld B", (long long)k->block_size);
	if (strcmp(what, k->f[EB_F_TOOL]) == 0)
		what = "";
	snprintf(buf, n, "%s%s%s%s%s%s%s%s", k->f[EB_F_TOOL], *job ? " " : "", job,
	    *what ? " " : "", what, *k->f[EB_F_OP] ? " " : "", k->f[EB_F_OP], size);
}

/* Why a case has no verdict, in words. */
static const char *
why_untestable(const struct eb_verdict *v)
{
	switch (v->kind) {
	case EB_VERDICT_SINGLE_RUN:
		return "single run";
	case EB_VERDICT_NO_VARIATION:
		return "no variation in the runs";
	case EB_VERDICT_TOO_FEW_RUNS:
		return "too few runs for a rank test";
	case EB_VERDICT_UNBOUNDED:
		return "unbounded interval";
	case EB_VERDICT_OUT_OF_RANGE:
		return "ratio out of range";
	default:
		return "no estimate";
	}
}

/* "; no interval for dd write 1 MiB (single run) and 2 more" for the
 * untestable cases among testable ones, or "" when there are none. */
void
eb_name_untestable(const struct claims *c, char *buf, size_t n)
{
	size_t len = 0, shown = 0, total = 0, beyond = 0;
	int all, modes = 0, jobs;

	buf[0] = '\0';
	for (size_t i = 0; i < c->n; i++) {
		total += eb_untestable(&c->v[i]);
		beyond += c->v[i].kind == EB_VERDICT_OUT_OF_RANGE;
	}
	/* Untestable cases are named beside testable ones (when all are, the
	 * sentence says why); a ratio out of range always is, since it adds
	 * no figure to the sentence's ranges. */
	all = total == c->n;
	if (total == 0 || (all && beyond == 0))
		return;
	/* A sentence over the key sizes of one cipher names the mode too:
	 * "fio rand read 4 KiB" three times names nothing. */
	for (size_t i = 1; i < c->n && !modes; i++)
		modes = strcmp(c->k[i]->f[EB_F_MODE], c->k[0]->f[EB_F_MODE]) != 0;
	if (all)
		total = beyond;
	jobs = eb_case_names_collide(c->k, c->n, modes);
	for (size_t i = 0; i < c->n && len + 1 < n; i++) {
		char name[128];

		if (!eb_untestable(&c->v[i]) || (all && c->v[i].kind != EB_VERDICT_OUT_OF_RANGE))
			continue;
		if (shown == 3) {
			/* The rest counted by reason, so that none goes unsaid. */
			static const int kinds[] = { EB_VERDICT_SINGLE_RUN, EB_VERDICT_NO_VARIATION,
				EB_VERDICT_TOO_FEW_RUNS, EB_VERDICT_UNBOUNDED, EB_VERDICT_OUT_OF_RANGE };
			static const char *const words[][2] = {
				{ "single run", "single runs" },
				{ "without variation in the runs", "without variation in the runs" },
				{ "with too few runs for a rank test", "with too few runs for a rank test" },
				{ "unbounded interval", "unbounded intervals" },
				{ "ratio out of range", "ratios out of range" },
			};
			int first = 1;

			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, " and %zu more (",
			    total - shown);
			for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
				size_t count = 0;

				for (size_t r = i; r < c->n; r++)
					count += eb_untestable(&c->v[r]) && (int)c->v[r].kind == kinds[k] &&
					    (!all || c->v[r].kind == EB_VERDICT_OUT_OF_RANGE);
				if (count == 0)
					continue;
				len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%zu %s",
				    first ? "" : ", ", count, words[k][count > 1]);
				first = 0;
			}
			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "; encbench overhead "
			    "lists each)");
			break;
		}
		(jobs ? eb_case_name_with_job : eb_case_name)(c->k[i], name, sizeof name);
		len += (size_t)snprintf(buf + len, n - len, "%s%s%s%s (%s)",
		    shown ? ", " : "; no verdict for ", name, modes ? " of " : "",
		    modes ? c->k[i]->f[EB_F_MODE] : "", why_untestable(&c->v[i]));
		shown++;
	}
	if (len >= n)
		buf[n - 1] = '\0';
}

/* Why none of the cases of a tally has a verdict: "single runs", or a
 * list of the reasons. */
const char *
eb_untestable_words(const struct tally *t)
{
	if (t->kinds[EB_VERDICT_SINGLE_RUN] == t->n)
		return "single runs, so no interval and no verdict";
	if (t->kinds[EB_VERDICT_NO_VARIATION] == t->n)
		return "no variation in the runs, so no interval and no test";
	if (t->kinds[EB_VERDICT_UNBOUNDED] == t->n && t->own_unbounded > 0)
		return "a release's own overhead interval is unbounded or reaches 0, so the "
		    "data cannot tell";
	if (t->kinds[EB_VERDICT_UNBOUNDED] == t->n)
		return t->reaches_zero == 0 ? "the baseline's intervals include 0, so the data "
		    "cannot tell" : t->mode_zero == t->n ? "the mode's intervals include 0, so "
		    "the data cannot tell" : t->reaches_zero == t->n ? "the compared side's "
		    "intervals include 0, so the data cannot tell" : "the baseline's or the "
		    "compared side's intervals include 0, so the data cannot tell";
	if (t->kinds[EB_VERDICT_TOO_FEW_RUNS] == t->n)
		return "too few runs for a rank test";
	if (t->kinds[EB_VERDICT_OUT_OF_RANGE] == t->n)
		return EB_OUT_OF_RANGE_WHY ", so no figure and no verdict";
	return "no case has an interval, so no verdict";
}

/* "95 % intervals within" over several cases, "95 % interval" for one,
 * at the confidence level the intervals were computed at. */
const char *
eb_ci_lead(struct tally *t)
{
	char level[40];

	eb_interval_level_text(t->alpha, t->adjusted, level, sizeof level);
	/* A hull open on one side reads "intervals reaching at most +29.2 %",
	 * never "within at most". */
	snprintf(t->lead, sizeof t->lead, "%s interval%s", level,
	    t->with_ci == 1 ? "" : t->open_lo || t->open_hi ? "s reaching" : "s within");
	return t->lead;
}

void
eb_holm_words(const struct tally *t, const struct eb_verdict_opts *o, char *buf, size_t n)
{
	if (o->adjust == EB_ADJUST_HOLM && t->family_size > 1)
		snprintf(buf, n, ", Holm over %zu tests", t->family_size);
	else
		buf[0] = '\0';
}

void
eb_text_put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (t->len + 1 >= sizeof t->buf)
		return;
	va_start(ap, fmt);
	w = vsnprintf(t->buf + t->len, sizeof t->buf - t->len, fmt, ap);
	va_end(ap);
	if (w > 0)
		t->len += (size_t)w;
	if (t->len >= sizeof t->buf)
		t->len = sizeof t->buf - 1;
}

/* Hosts are kept in the order of their names, so that the sentences of
 * two hosts come in one order whatever the order of the rows (the first
 * host by name first, as the report picks its main host on a tie). */
void
eb_host_add(struct hosts *hs, const char *h)
{
	size_t at = 0;

	for (size_t i = 0; i < hs->n; i++)
		if (hs->h[i] == h)
			return;
	if (hs->n == sizeof hs->h / sizeof hs->h[0])
		return;
	while (at < hs->n && strcmp(hs->h[at], h) < 0)
		at++;
	memmove(&hs->h[at + 1], &hs->h[at], (hs->n - at) * sizeof hs->h[0]);
	hs->h[at] = h;
	hs->n++;
}

const char *
eb_host_words(const char *host)
{
	return *host ? host : "the host without a name";
}

const char *
eb_config_words(const char *config)
{
	return *config ? config : "the unnamed config";
}

/* " on HOST" when the data has several hosts: hosts are never pooled,
 * and a sentence about one says which. */
void
eb_where_text(char *buf, size_t n, const char *release, const char *config, int name_config,
    const char *host, int name_host)
{
	snprintf(buf, n, "In %s%s%s%s%s%s", *release ? release : "these runs",
	    name_host ? " on " : "", name_host ? eb_host_words(host) : "", name_config ? " (" : "",
	    name_config ? eb_config_words(config) : "", name_config ? ")" : "");
}
