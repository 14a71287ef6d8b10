/* findings.c - the sentences of a report: each claim with its numbers and
 * their uncertainty, and none that the data cannot carry. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "cost.h"

static void
say(struct eb_findings *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
say(struct eb_findings *f, const char *fmt, ...)
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
eb_findings_free(struct eb_findings *f)
{
	for (size_t i = 0; i < f->n; i++)
		free(f->lines[i]);
	free(f->lines);
	memset(f, 0, sizeof *f);
}

const char *
eb_mode_family(const char *mode)
{
	if (strncmp(mode, "aes-", 4) == 0 && strstr(mode, "-gcm"))
		return "AES-GCM";
	if (strncmp(mode, "aes-", 4) == 0 && strstr(mode, "-ccm"))
		return "AES-CCM";
	if (strncmp(mode, "luks", 4) == 0)
		return "LUKS";
	if (strncmp(mode, "geli", 4) == 0)
		return "geli";
	if (strncmp(mode, "fscrypt", 7) == 0)
		return "fscrypt";
	return mode;
}

static const char *
op_words(const char *op)
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

/* Sequential (dd, fio seq, bonnie block and per-char) or random I/O. */
static int
io_class(const struct eb_record *k)
{
	return strncmp(k->f[EB_F_WORKLOAD], "rand", 4) == 0 ||
	    strcmp(k->f[EB_F_WORKLOAD], "files-rand") == 0;
}

static const char *const class_words[2] = { "sequential", "random" };

#define NOPS 3
static const char *const op_names[NOPS] = { "write", "read", "rewrite" };

static int
op_index(const char *op)
{
	for (int i = 0; i < NOPS; i++)
		if (strcmp(op, op_names[i]) == 0)
			return i;
	return -1;
}

static int
family_rank(const char *f)
{
	static const char *const order[] = { "AES-CCM", "AES-GCM", "LUKS", "geli" };

	for (int i = 0; i < 4; i++)
		if (strcmp(f, order[i]) == 0)
			return i;
	return 4;
}

static int
key_bits(const char *mode)
{
	if (strncmp(mode, "aes-128", 7) == 0)
		return 1;
	if (strncmp(mode, "aes-192", 7) == 0)
		return 2;
	if (strncmp(mode, "aes-256", 7) == 0)
		return 4;
	return 0;
}

static int
popcount(int v)
{
	int c = 0;

	for (; v; v &= v - 1)
		c++;
	return c;
}

/* What the findings speak of: the newest release and its most common
 * config; other configs of that release are compared with it. */
struct scope {
	const char *release, *config;
	const char *configs[16];
	size_t nconfigs;
};

static int
is_version(const char *release)
{
	return *release >= '0' && *release <= '9';
}

/* The scope of one release: its configs, the most common one first. With
 * release NULL, the newest release whose label is a version number (or,
 * without any, the newest label). */
static void
find_scope(const struct eb_groups *gs, const char *release, struct scope *sc)
{
	size_t counts[16] = { 0 }, best = 0;

	memset(sc, 0, sizeof *sc);
	sc->release = release;
	for (size_t i = 0; release == NULL && i < gs->n; i++) {
		const char *r = gs->g[i].key->f[EB_F_RELEASE];

		if (sc->release == NULL || (is_version(r) && !is_version(sc->release)) ||
		    (is_version(r) == is_version(sc->release) && eb_natural_cmp(r, sc->release) > 0))
			sc->release = r;
	}
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_record *k = gs->g[i].key;
		size_t j;

		if (k->f[EB_F_RELEASE] != sc->release)
			continue;
		for (j = 0; j < sc->nconfigs && sc->configs[j] != k->f[EB_F_CONFIG]; j++)
			;
		if (j == sc->nconfigs) {
			if (j == 16)
				continue;
			sc->configs[sc->nconfigs++] = k->f[EB_F_CONFIG];
		}
		counts[j]++;
	}
	for (size_t j = 1; j < sc->nconfigs; j++)
		if (counts[j] > counts[best])
			best = j;
	sc->config = sc->nconfigs ? sc->configs[best] : "";
}

/* ---- the comparisons of one sentence: its Holm family */

struct claims {
	struct eb_verdict *v;
	const struct eb_record **k;
	int *seg;
	size_t n, cap, capk, caps;
};

static void
claim_add(struct claims *c, const struct eb_verdict *v, const struct eb_record *k, int seg)
{
	eb_xgrow(&c->v, &c->cap, c->n + 1, sizeof *c->v);
	eb_xgrow(&c->k, &c->capk, c->n + 1, sizeof *c->k);
	eb_xgrow(&c->seg, &c->caps, c->n + 1, sizeof *c->seg);
	c->v[c->n] = *v;
	c->k[c->n] = k;
	c->seg[c->n++] = seg;
}

static void
claim_adjust(struct claims *c, const struct eb_verdict_opts *o)
{
	struct eb_verdict **p = eb_xmalloc((c->n ? c->n : 1) * sizeof *p);

	for (size_t i = 0; i < c->n; i++)
		p[i] = &c->v[i];
	eb_verdict_adjust(p, c->k, c->n, o);
	free(p);
}

static void
claim_free(struct claims *c)
{
	free(c->v);
	free(c->k);
	free(c->seg);
	memset(c, 0, sizeof *c);
}

/* What the claims of a sentence (or one segment of it) add up to. */
struct tally {
	size_t n, kinds[EB_VERDICT_DEARER + 1], with_ci, untestable;
	double est_lo, est_hi, ci_lo, ci_hi;
	size_t family_size;
};

static int
untestable(const struct eb_verdict *v)
{
	return v->kind == EB_VERDICT_SINGLE_RUN || v->kind == EB_VERDICT_NO_VARIATION ||
	    v->kind == EB_VERDICT_TOO_FEW_RUNS || v->kind == EB_VERDICT_UNBOUNDED ||
	    v->kind == EB_VERDICT_NONE;
}

static void
tally(const struct claims *c, int seg, struct tally *t)
{
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < c->n; i++) {
		const struct eb_verdict *v = &c->v[i];

		if (seg >= 0 && c->seg[i] != seg)
			continue;
		if (isnan(v->estimate))
			continue;
		if (t->n == 0 || v->estimate < t->est_lo)
			t->est_lo = v->estimate;
		if (t->n == 0 || v->estimate > t->est_hi)
			t->est_hi = v->estimate;
		/* The hull of the intervals there are: a case without one adds
		 * no bound, and is named instead. */
		if (!isnan(v->lo) && !isnan(v->hi)) {
			if (t->with_ci == 0 || v->lo < t->ci_lo)
				t->ci_lo = v->lo;
			if (t->with_ci == 0 || v->hi > t->ci_hi)
				t->ci_hi = v->hi;
			t->with_ci++;
		}
		t->kinds[v->kind]++;
		t->untestable += untestable(v);
		if (v->family_size > t->family_size)
			t->family_size = v->family_size;
		t->n++;
	}
}

/* One decimal, without a "-0.0". */
static double
tidy(double x)
{
	return fabs(x) < 0.05 ? 0 : x;
}

/* "12.3 %" or "10.2–14.8 %" (or "-5.0 to 3.0 %" across zero). */
static void
pct_range(char *buf, size_t n, double lo, double hi, const char *unit)
{
	lo = tidy(lo);
	hi = tidy(hi);
	if (fabs(hi - lo) < 0.05)
		snprintf(buf, n, "%.1f %s", lo, unit);
	else if (lo < 0)
		snprintf(buf, n, "%.1f to %.1f %s", lo, hi, unit);
	else
		snprintf(buf, n, "%.1f–%.1f %s", lo, hi, unit);
}

/* The same, signed: "+1.2 %" or "-0.7 to +0.3 pp". */
static void
signed_range(char *buf, size_t n, double lo, double hi, const char *unit)
{
	lo = tidy(lo);
	hi = tidy(hi);
	if (fabs(hi - lo) < 0.05)
		snprintf(buf, n, "%+.1f %s", lo, unit);
	else
		snprintf(buf, n, "%+.1f to %+.1f %s", lo, hi, unit);
}

/* A spread of cost estimates in words: "12.0–15.0 % slower", "4.4 %
 * faster", "between 4.4 % faster and 41.2 % slower"; never a negative
 * cost. */
static void
slow_fast(char *buf, size_t n, double lo, double hi)
{
	char r[64];

	lo = tidy(lo);
	hi = tidy(hi);
	if (lo >= 0) {
		pct_range(r, sizeof r, lo, hi, "%");
		snprintf(buf, n, "%s slower", r);
	} else if (hi <= 0) {
		pct_range(r, sizeof r, -hi, -lo, "%");
		snprintf(buf, n, "%s faster", r);
	} else
		snprintf(buf, n, "between %.1f %% faster and %.1f %% slower", -lo, hi);
}

/* A short name of a case for the sentences, such as "fio rand read
 * 4 KiB" (analyze/ has no render labels). */
static void
case_name(const struct eb_record *k, char *buf, size_t n)
{
	const char *what = *k->f[EB_F_WORKLOAD] ? k->f[EB_F_WORKLOAD] : k->f[EB_F_JOB];
	char size[24] = "";

	if (k->block_size >= 1048576 && k->block_size % 1048576 == 0)
		snprintf(size, sizeof size, " %lld MiB", (long long)(k->block_size / 1048576));
	else if (k->block_size >= 1024 && k->block_size % 1024 == 0)
		snprintf(size, sizeof size, " %lld KiB", (long long)(k->block_size / 1024));
	else if (k->block_size > 0)
		snprintf(size, sizeof size, " %lld B", (long long)k->block_size);
	if (strcmp(what, k->f[EB_F_TOOL]) == 0)
		what = "";
	snprintf(buf, n, "%s%s%s%s%s%s", k->f[EB_F_TOOL], *what ? " " : "", what,
	    *k->f[EB_F_OP] ? " " : "", k->f[EB_F_OP], size);
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
	default:
		return "no estimate";
	}
}

/* "; no interval for dd write 1 MiB (single run) and 2 more" for the
 * untestable cases among testable ones, or "" when there are none. */
static void
name_untestable(const struct claims *c, char *buf, size_t n)
{
	size_t len = 0, shown = 0, total = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < c->n; i++)
		total += untestable(&c->v[i]);
	if (total == 0 || total == c->n)
		return;
	for (size_t i = 0; i < c->n && len + 1 < n; i++) {
		char name[128];

		if (!untestable(&c->v[i]))
			continue;
		if (shown == 3) {
			len += (size_t)snprintf(buf + len, n - len, " and %zu more", total - shown);
			break;
		}
		case_name(c->k[i], name, sizeof name);
		len += (size_t)snprintf(buf + len, n - len, "%s%s (%s)",
		    shown ? ", " : "; no verdict for ", name, why_untestable(&c->v[i]));
		shown++;
	}
	if (len >= n)
		buf[n - 1] = '\0';
}

/* Why none of the cases of a tally has a verdict: "single runs", or a
 * list of the reasons. */
static const char *
untestable_words(const struct tally *t)
{
	if (t->kinds[EB_VERDICT_SINGLE_RUN] == t->n)
		return "single runs, so no interval and no verdict";
	if (t->kinds[EB_VERDICT_NO_VARIATION] == t->n)
		return "no variation in the runs, so no interval and no test";
	if (t->kinds[EB_VERDICT_UNBOUNDED] == t->n)
		return "the baseline's intervals include 0, so the data cannot tell";
	if (t->kinds[EB_VERDICT_TOO_FEW_RUNS] == t->n)
		return "too few runs for a rank test";
	return "no case has an interval, so no verdict";
}

/* "95 % intervals within" over several cases, "95 % interval" for one. */
static const char *
ci_lead(const struct tally *t)
{
	return t->with_ci == 1 ? "95 % interval" : "95 % intervals within";
}

static void
holm_words(const struct tally *t, const struct eb_verdict_opts *o, char *buf, size_t n)
{
	if (o->adjust == EB_ADJUST_HOLM && t->family_size > 1)
		snprintf(buf, n, ", Holm over %zu tests", t->family_size);
	else
		buf[0] = '\0';
}

/* Appends to a sentence under construction. */
struct text {
	char buf[1536];
	size_t len;
};

static void
put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
put(struct text *t, const char *fmt, ...)
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

/* The hosts of some groups, in order of first appearance. */
struct hosts {
	const char *h[32];
	size_t n;
};

static void
host_add(struct hosts *hs, const char *h)
{
	for (size_t i = 0; i < hs->n; i++)
		if (hs->h[i] == h)
			return;
	if (hs->n < sizeof hs->h / sizeof hs->h[0])
		hs->h[hs->n++] = h;
}

/* " on HOST" when several hosts share the release: hosts are never
 * pooled, and a sentence about one says which. */
static void
where_text(char *buf, size_t n, const char *release, const char *config, int name_config,
    const char *host, int name_host)
{
	snprintf(buf, n, "In %s%s%s%s%s%s", *release ? release : "these runs",
	    name_host ? " on " : "", name_host ? host : "", name_config ? " (" : "",
	    name_config ? config : "", name_config ? ")" : "");
}

/* ---- what each family costs */

#define NSEG (2 * NOPS)

static void
seg_words(char *buf, size_t n, int seg)
{
	snprintf(buf, n, "%s %ss", class_words[seg / NOPS], op_names[seg % NOPS]);
}

/* One sentence: a family's overhead in one release, config and host. */
static void
overhead_sentence(const struct claims *c, const char *where, const char *family, int sizes,
    const struct eb_verdict_opts *o, struct eb_findings *out)
{
	struct text t = { "", 0 };
	struct tally all, seg[NSEG];
	char costs[512] = "", faster[384] = "", none[256] = "", mixed[512] = "", dunno[256] = "";
	size_t lc = 0, lf = 0, ln = 0, lm = 0, ld = 0, ncost = 0, nnone = 0;
	double none_lo = 0, none_hi = 0;
	int none_ci = 0, none_holm_only = 0;
	char holm[48], names[384], ci[256];

	tally(c, -1, &all);
	for (int s = 0; s < NSEG; s++)
		tally(c, s, &seg[s]);
	for (int s = 0; s < NSEG; s++) {
		const struct tally *x = &seg[s];
		char where_s[48], val[128];

		if (x->n == 0)
			continue;
		seg_words(where_s, sizeof where_s, s);
		if (x->kinds[EB_VERDICT_COSTS] == x->n) {
			pct_range(val, sizeof val, x->est_lo, x->est_hi, "%");
			lc += (size_t)snprintf(costs + lc, sizeof costs - lc, "%s%s%s on %s",
			    ncost ? "|" : "", val, ncost ? "" : " of throughput", where_s);
			ncost++;
		} else if (x->kinds[EB_VERDICT_FASTER] == x->n) {
			pct_range(val, sizeof val, -x->est_hi, -x->est_lo, "%");
			lf += (size_t)snprintf(faster + lf, sizeof faster - lf, "%s%s faster on %s",
			    lf ? ", " : "", val, where_s);
		} else if (x->kinds[EB_VERDICT_NO_MEASURABLE] == x->n) {
			ln += (size_t)snprintf(none + ln, sizeof none - ln, "%s%s", ln ? "|" : "",
			    where_s);
			if (!none_ci || x->ci_lo < none_lo)
				none_lo = x->ci_lo;
			if (!none_ci || x->ci_hi > none_hi)
				none_hi = x->ci_hi;
			none_ci = 1;
			none_holm_only |= x->ci_lo > 0 || x->ci_hi < 0;
			nnone++;
		} else if (x->untestable == x->n) {
			slow_fast(val, sizeof val, x->est_lo, x->est_hi);
			ld += (size_t)snprintf(dunno + ld, sizeof dunno - ld, "%s%s on %s",
			    ld ? "|" : "", val, where_s);
		} else {
			signed_range(val, sizeof val, x->est_lo, x->est_hi, "%");
			lm += (size_t)snprintf(mixed + lm, sizeof mixed - lm, "%son %s it costs "
			    "in %zu, is faster in %zu and shows no measurable overhead in %zu of "
			    "%zu cases (estimates %s)", lm ? "; " : "", where_s,
			    x->kinds[EB_VERDICT_COSTS], x->kinds[EB_VERDICT_FASTER],
			    x->kinds[EB_VERDICT_NO_MEASURABLE], x->n, val);
		}
		if (lc >= sizeof costs || lf >= sizeof faster || ln >= sizeof none ||
		    lm >= sizeof mixed || ld >= sizeof dunno)
			break;
	}
	put(&t, "%s, %s", where, family);
	{
		int clauses = 0;

		if (costs[0]) {
			/* "a|b|c" reads "a, b and c". */
			size_t k = 0;

			put(&t, " costs ");
			for (char *p = costs, *bar; p != NULL; p = bar ? bar + 1 : NULL) {
				bar = strchr(p, '|');
				if (bar)
					*bar = '\0';
				put(&t, "%s%s", k == 0 ? "" : bar == NULL ? " and " : ", ", p);
				k++;
			}
			clauses++;
		}
		if (faster[0]) {
			put(&t, "%s is %s", clauses ? ";" : "", faster);
			clauses++;
		}
		if (none[0]) {
			size_t k = 0;

			put(&t, "%s shows no measurable overhead on ", clauses ? ";" : "");
			for (char *p = none, *bar; p != NULL; p = bar ? bar + 1 : NULL) {
				bar = strchr(p, '|');
				if (bar)
					*bar = '\0';
				put(&t, "%s%s", k == 0 ? "" : bar == NULL ? " and " : ", ", p);
				k++;
			}
			if (none_holm_only)
				put(&t, " (not significant after adjusting for the %zu tests)",
				    all.family_size);
			else if (none_ci && none_lo < 0 && none_hi > 0)
				put(&t, " (between %.1f %% faster and %.1f %% slower)", tidy(-none_lo),
				    tidy(none_hi));
			clauses++;
		}
		if (mixed[0]) {
			put(&t, "%s %s", clauses ? ";" : ":", mixed);
			clauses++;
		}
		if (dunno[0]) {
			size_t k = 0;

			put(&t, "%s measured ", clauses ? ";" : "");
			for (char *p = dunno, *bar; p != NULL; p = bar ? bar + 1 : NULL) {
				bar = strchr(p, '|');
				if (bar)
					*bar = '\0';
				put(&t, "%s%s", k == 0 ? "" : bar == NULL ? " and " : ", ", p);
				k++;
			}
			put(&t, " than the baseline, without a verdict");
		}
	}
	holm_words(&all, o, holm, sizeof holm);
	name_untestable(c, names, sizeof names);
	(void)nnone;
	if (all.untestable == all.n)
		snprintf(ci, sizeof ci, "%s", untestable_words(&all));
	else
		snprintf(ci, sizeof ci, "ranges are the spread of the estimates; their 95 %% "
		    "intervals lie within %.1f%s%.1f %%%s", tidy(all.ci_lo),
		    all.ci_lo < 0 ? " to " : "–", tidy(all.ci_hi), holm);
	put(&t, " (%zu comparison%s%s; %s%s).", all.n, all.n == 1 ? "" : "s",
	    sizes > 1 ? (sizes == 3 ? ", 3 key sizes" : ", 2 key sizes") : "", ci, names);
	say(out, "%s", t.buf);
}

static void
overhead_sentences(const struct eb_overhead *oh, size_t noh, const char *release,
    const char *config, int name_config, const struct eb_verdict_opts *o,
    struct eb_findings *out)
{
	struct hosts hs = { { 0 }, 0 };

	for (size_t i = 0; i < noh; i++) {
		const struct eb_record *k = oh[i].g->key;

		if (k->f[EB_F_RELEASE] == release && k->f[EB_F_CONFIG] == config &&
		    strcmp(k->f[EB_F_METRIC], "bw") == 0)
			host_add(&hs, k->f[EB_F_HOST]);
	}
	for (size_t h = 0; h < hs.n; h++) {
		const char *fams[8];
		struct claims c[8];
		int keymask[8] = { 0 };
		size_t nf = 0;
		char where[160];

		memset(c, 0, sizeof c);
		for (size_t i = 0; i < noh; i++) {
			const struct eb_record *k = oh[i].g->key;
			const char *fam = eb_mode_family(k->f[EB_F_MODE]);
			int op = op_index(k->f[EB_F_OP]);
			size_t a;

			if (strcmp(k->f[EB_F_METRIC], "bw") != 0 || op < 0 ||
			    k->f[EB_F_RELEASE] != release || k->f[EB_F_CONFIG] != config ||
			    k->f[EB_F_HOST] != hs.h[h])
				continue;
			for (a = 0; a < nf && strcmp(fams[a], fam) != 0; a++)
				;
			if (a == nf) {
				if (nf == 8)
					continue;
				fams[nf++] = fam;
			}
			claim_add(&c[a], &oh[i].v, k, io_class(k) * NOPS + op);
			keymask[a] |= key_bits(k->f[EB_F_MODE]);
		}
		where_text(where, sizeof where, release, config, name_config, hs.h[h], hs.n > 1);
		for (int rank = 0; rank <= 4; rank++)
			for (size_t a = 0; a < nf; a++) {
				if (family_rank(fams[a]) != rank)
					continue;
				claim_adjust(&c[a], o);
				overhead_sentence(&c[a], where, fams[a], popcount(keymask[a]), o, out);
			}
		for (size_t a = 0; a < nf; a++)
			claim_free(&c[a]);
	}
}

/* ---- one mode against another of the same key */

/* Pairs a mode with another of the same key: GCM with CCM of the same key
 * size, LUKS with native AES-256-GCM. */
static const struct eb_group *
partner(const struct eb_group_index *ix, const struct eb_group *g, const char *mode,
    const struct eb_table *t)
{
	const char *m = eb_intern_lookup(t, mode);

	return m != NULL ? eb_group_index_find(ix, g->key, EB_F_MODE, m) : NULL;
}

/* "reaches 4.0–4.9× the throughput of ..." from verdicts of one mode
 * against another (estimate: the first one's cost against the second). */
static void
factor_sentence(const struct claims *c, const char *where, const char *what,
    const char *of, int per_class, const struct eb_verdict_opts *o, struct eb_findings *out)
{
	struct text t = { "", 0 };
	struct tally all;
	char holm[48], names[384];
	int parts = 0;

	if (c->n == 0)
		return;
	tally(c, -1, &all);
	put(&t, "%s, %s reaches ", where, what);
	for (int cl = 0; cl < (per_class ? 2 : 1); cl++) {
		struct tally x;
		double lo, hi;

		tally(c, per_class ? cl : -1, &x);
		if (x.n == 0)
			continue;
		lo = 1 - x.est_hi / 100;
		hi = 1 - x.est_lo / 100;
		if (fabs(hi - lo) < 0.005)
			put(&t, "%s%.2f×", parts ? " and " : "", lo);
		else
			put(&t, "%s%.2f–%.2f×", parts ? " and " : "", lo, hi);
		if (parts == 0)
			put(&t, " the throughput of %s", of);
		if (per_class)
			put(&t, " on %s I/O", class_words[cl]);
		parts++;
	}
	holm_words(&all, o, holm, sizeof holm);
	name_untestable(c, names, sizeof names);
	if (all.untestable == all.n)
		put(&t, " (%zu comparison%s; %s).", all.n, all.n == 1 ? "" : "s",
		    untestable_words(&all));
	else
		put(&t, " (%zu comparison%s: faster in %zu, slower in %zu, no clear difference "
		    "in %zu%s; 95 %% intervals within %.2f–%.2f%s).", all.n, all.n == 1 ? "" : "s",
		    all.kinds[EB_VERDICT_FASTER], all.kinds[EB_VERDICT_COSTS],
		    all.kinds[EB_VERDICT_NO_MEASURABLE], holm, 1 - all.ci_hi / 100,
		    1 - all.ci_lo / 100, names);
	say(out, "%s", t.buf);
}

static void
factor_sentences(const struct eb_groups *gs, const struct scope *sc,
    const struct eb_verdict_opts *o, struct eb_findings *out)
{
	struct eb_group_index *ix = eb_group_index_new(gs, 0, NULL, NULL);
	struct hosts hs = { { 0 }, 0 };

	for (size_t i = 0; i < gs->n; i++)
		if (gs->g[i].key->f[EB_F_RELEASE] == sc->release &&
		    gs->g[i].key->f[EB_F_CONFIG] == sc->config)
			host_add(&hs, gs->g[i].key->f[EB_F_HOST]);
	for (size_t h = 0; h < hs.n; h++) {
		struct claims gcm_ccm = { 0 }, luks_gcm = { 0 }, keys[2] = { { 0 }, { 0 } };
		char where[160];

		for (size_t i = 0; i < gs->n; i++) {
			const struct eb_group *g = &gs->g[i], *c;
			const char *mode = g->key->f[EB_F_MODE];
			struct eb_verdict v;

			if (strcmp(g->key->f[EB_F_METRIC], "bw") != 0 ||
			    g->key->f[EB_F_RELEASE] != sc->release ||
			    g->key->f[EB_F_CONFIG] != sc->config || g->key->f[EB_F_HOST] != hs.h[h])
				continue;
			if (strncmp(mode, "aes-", 4) == 0 && strstr(mode, "-gcm") != NULL) {
				char ccm[32];

				snprintf(ccm, sizeof ccm, "%.7s-ccm", mode);
				if ((c = partner(ix, g, ccm, gs->t)) != NULL && c->s.mean > 0) {
					eb_verdict_overhead(g, c, o, &v);
					claim_add(&gcm_ccm, &v, g->key, io_class(g->key));
				}
			}
			/* Key sizes: 256-bit keys against 128-bit ones of the same
			 * cipher mode, tested like any other pair of modes. */
			if (strncmp(mode, "aes-128-", 8) == 0) {
				int fam = strstr(mode, "-gcm") != NULL ? 0 : 1;
				const struct eb_group *m256;
				char n256[32];

				snprintf(n256, sizeof n256, "aes-256-%s", mode + 8);
				if ((m256 = partner(ix, g, n256, gs->t)) != NULL && g->s.mean > 0) {
					eb_verdict_overhead(m256, g, o, &v);
					claim_add(&keys[fam], &v, m256->key, 0);
				}
			}
			if (strncmp(mode, "luks", 4) == 0 &&
			    (c = partner(ix, g, "aes-256-gcm", gs->t)) != NULL && c->s.mean > 0) {
				eb_verdict_overhead(g, c, o, &v);
				claim_add(&luks_gcm, &v, g->key, 0);
			}
		}
		where_text(where, sizeof where, sc->release, sc->config, 0, hs.h[h], hs.n > 1);
		claim_adjust(&gcm_ccm, o);
		factor_sentence(&gcm_ccm, where, "AES-GCM", "AES-CCM with the same key size", 1,
		    o, out);
		for (int fam = 0; fam < 2; fam++) {
			claim_adjust(&keys[fam], o);
			factor_sentence(&keys[fam], where, fam == 0 ? "256-bit AES-GCM" :
			    "256-bit AES-CCM", fam == 0 ? "128-bit AES-GCM" : "128-bit AES-CCM", 0,
			    o, out);
			claim_free(&keys[fam]);
		}
		claim_adjust(&luks_gcm, o);
		factor_sentence(&luks_gcm, where, "LUKS", "native AES-256-GCM", 0, o, out);
		claim_free(&gcm_ccm);
		claim_free(&luks_gcm);
	}
	eb_group_index_free(ix);
}

/* ---- release changes */

/* The tests of a set of claims, each with one verdict: a test whose
 * metrics (bw and iops, or mean and p99 latency) agree has their word;
 * one whose metrics part ways is "mixed". */
struct test_count {
	size_t tests, improved, regressed, mixed, unchanged, unclear, untestable;
};

static int
same_test_key(const struct eb_record *x, const struct eb_record *y)
{
	for (int f = 0; f < EB_NFIELDS; f++)
		if (f != EB_F_METRIC && f != EB_F_UNIT && f != EB_F_SOURCE && x->f[f] != y->f[f])
			return 0;
	return x->block_size == y->block_size;
}

static void
count_tests(const struct claims *c, struct test_count *tc)
{
	memset(tc, 0, sizeof *tc);
	for (size_t i = 0; i < c->n; i++) {
		int up = 0, down = 0, same = 1, testable = 0;
		size_t j;

		for (j = 0; j < i && !same_test_key(c->k[j], c->k[i]); j++)
			;
		if (j < i)
			continue;
		for (j = i; j < c->n; j++) {
			const struct eb_verdict *v = &c->v[j];

			if (!same_test_key(c->k[j], c->k[i]))
				continue;
			up |= v->kind == EB_VERDICT_IMPROVED;
			down |= v->kind == EB_VERDICT_REGRESSED;
			same &= v->kind == EB_VERDICT_UNCHANGED;
			testable |= !untestable(v);
		}
		tc->tests++;
		if (up && down)
			tc->mixed++;
		else if (up)
			tc->improved++;
		else if (down)
			tc->regressed++;
		else if (!testable)
			tc->untestable++;
		else if (same)
			tc->unchanged++;
		else
			tc->unclear++;
	}
}

static void
baseline_sentence(const struct claims *c, const char *from, const char *to,
    const char *host, const char *baseline, const char *what, const struct eb_verdict_opts *o,
    struct eb_findings *out)
{
	struct test_count tc;
	struct tally all;
	char tail[96] = "", holm[48], mixed[48] = "", on[80] = "";

	if (c->n == 0)
		return;
	count_tests(c, &tc);
	tally(c, -1, &all);
	holm_words(&all, o, holm, sizeof holm);
	if (tc.untestable > 0)
		snprintf(tail, sizeof tail, "; %zu test%s allow%s no verdict (single runs or "
		    "no variation)", tc.untestable, tc.untestable == 1 ? "" : "s",
		    tc.untestable == 1 ? "s" : "");
	if (tc.mixed > 0)
		snprintf(mixed, sizeof mixed, ", went both ways in %zu", tc.mixed);
	if (host != NULL)
		snprintf(on, sizeof on, " on %s", host);
	say(out, "From %s to %s%s, the %s of the unencrypted baseline (%s) improved in %zu "
	    "of %zu test%s, regressed in %zu%s, stayed within ±%g %% in %zu and changed by "
	    "an amount the data cannot tell in %zu (%s, alpha %g%s)%s.", from, to, on, what,
	    baseline, tc.improved, tc.tests, tc.tests == 1 ? "" : "s", tc.regressed, mixed,
	    o->equivalence_pct, tc.unchanged, tc.unclear,
	    o->median ? "Mann-Whitney U test" : "Welch's t test", o->alpha, holm, tail);
}

static void
change_sentence(const struct claims *c, const char *from, const char *to, const char *on,
    const char *family, const char *op, const struct eb_verdict_opts *o,
    struct eb_findings *out)
{
	struct tally t;
	char est[64], ci[64], holm[48], names[384];
	size_t fell, rose;

	tally(c, -1, &t);
	if (t.n == 0)
		return;
	fell = t.kinds[EB_VERDICT_CHEAPER];
	rose = t.kinds[EB_VERDICT_DEARER];
	holm_words(&t, o, holm, sizeof holm);
	name_untestable(c, names, sizeof names);
	signed_range(est, sizeof est, t.est_lo, t.est_hi, "percentage points");
	if (t.untestable == t.n) {
		say(out, "From %s to %s%s, the overhead of %s on %s changed by %s (%zu "
		    "comparison%s; %s).", from, to, on, family, op_words(op), est, t.n,
		    t.n == 1 ? "" : "s", untestable_words(&t));
		return;
	}
	signed_range(ci, sizeof ci, t.ci_lo, t.ci_hi, "pp");
	if (fell == t.n || rose == t.n) {
		char by[64];

		pct_range(by, sizeof by, fabs(fell ? t.est_hi : t.est_lo),
		    fabs(fell ? t.est_lo : t.est_hi), "");
		by[strlen(by) - 1] = '\0';	/* the number without its unit */
		say(out, "From %s to %s%s, the overhead of %s on %s %s by %s percentage "
		    "point%s in %s%zu comparison%s: encryption got %s (%s %s by the ratio of "
		    "ratios%s).", from, to, on, family, op_words(op),
		    fell ? "fell" : "rose", by, strcmp(by, "1.0") == 0 ? "" : "s",
		    t.n > 1 ? "all " : "", t.n, t.n == 1 ? "" : "s", fell ? "cheaper" : "dearer",
		    ci_lead(&t), ci, holm);
	} else if (fell + rose == 0)
		say(out, "From %s to %s%s, the overhead of %s on %s changed by %s (%zu "
		    "comparison%s): no clear change (%s %s%s%s).", from, to,
		    on, family, op_words(op), est, t.n, t.n == 1 ? "" : "s", ci_lead(&t), ci, holm,
		    names);
	else
		say(out, "From %s to %s%s, the overhead of %s on %s fell in %zu, rose in %zu "
		    "and showed no clear change in %zu of %zu comparisons (changes %s; 95 %% "
		    "intervals within %s%s%s).", from, to, on, family, op_words(op), fell, rose,
		    t.n - fell - rose, t.n, est, ci, holm, names);
}

/* Keys of the sentences about release changes. */
struct bucket {
	const char *host, *family, *op;
	struct claims c;
};

static struct bucket *
bucket_for(struct bucket **b, size_t *n, size_t *cap, const char *host,
    const char *family, const char *op)
{
	for (size_t i = 0; i < *n; i++)
		if ((*b)[i].host == host && strcmp((*b)[i].family, family) == 0 &&
		    (*b)[i].op == op)
			return &(*b)[i];
	eb_xgrow(b, cap, *n + 1, sizeof **b);
	memset(&(*b)[*n], 0, sizeof **b);
	(*b)[*n].host = host;
	(*b)[*n].family = family;
	(*b)[*n].op = op;
	return &(*b)[(*n)++];
}

static int
cmp_bucket(const void *a, const void *b)
{
	const struct bucket *x = a, *y = b;
	int c = strcmp(x->host, y->host);

	if (c == 0)
		c = family_rank(x->family) - family_rank(y->family);
	if (c == 0)
		c = strcmp(x->family, y->family);
	if (c == 0)
		c = strcmp(x->op, y->op);
	return c;
}

static void
buckets_free(struct bucket *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		claim_free(&b[i].c);
	free(b);
}

/* The two releases every command compares: the baseline's change (its
 * throughput and its latency, each a family, tests counted once) and each
 * family's overhead change, per host. */
static void
release_sentences(const struct eb_groups *gs, const char *baseline,
    const struct eb_verdict_opts *vo, struct eb_findings *out)
{
	size_t n;
	struct eb_diff_opts o = { EB_SPLIT_RELEASE, NULL, NULL, vo->alpha, vo->median, 1,
		baseline, vo->equivalence_pct };
	struct eb_diff *d;
	struct hosts hs = { { 0 }, 0 };
	struct bucket *b = NULL;
	size_t nb = 0, cap = 0;

	if (!eb_release_pair(gs, &o.from, &o.to))
		return;
	/* Raw p here: each sentence is a family of its own. */
	d = eb_diff_compute(gs, &o, &n);
	for (size_t i = 0; i < n; i++)
		host_add(&hs, d[i].a->key->f[EB_F_HOST]);
	for (size_t h = 0; h < hs.n; h++) {
		struct claims thr = { 0 }, lat = { 0 };

		for (size_t i = 0; i < n; i++) {
			const struct eb_record *k = d[i].a->key;
			const char *cls = eb_metric_family(k->f[EB_F_METRIC]);

			if (k->f[EB_F_HOST] != hs.h[h] || strcmp(k->f[EB_F_MODE], baseline) != 0)
				continue;
			if (strcmp(cls, "throughput") == 0)
				claim_add(&thr, &d[i].v, k, 0);
			else if (strcmp(cls, "latency") == 0)
				claim_add(&lat, &d[i].v, k, 0);
		}
		claim_adjust(&thr, vo);
		claim_adjust(&lat, vo);
		baseline_sentence(&thr, o.from, o.to, hs.n > 1 ? hs.h[h] : NULL, baseline,
		    "throughput", vo, out);
		baseline_sentence(&lat, o.from, o.to, hs.n > 1 ? hs.h[h] : NULL, baseline,
		    "latency", vo, out);
		claim_free(&thr);
		claim_free(&lat);
	}
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = d[i].a->key;
		struct bucket *x;

		if (!d[i].has_overhead || strcmp(k->f[EB_F_METRIC], "bw") != 0)
			continue;
		x = bucket_for(&b, &nb, &cap, k->f[EB_F_HOST], eb_mode_family(k->f[EB_F_MODE]),
		    k->f[EB_F_OP]);
		claim_add(&x->c, &d[i].oh, k, 0);
	}
	if (nb > 1)
		qsort(b, nb, sizeof *b, cmp_bucket);
	for (size_t i = 0; i < nb; i++) {
		char on[80] = "";

		if (hs.n > 1)
			snprintf(on, sizeof on, " on %s", b[i].host);
		claim_adjust(&b[i].c, vo);
		change_sentence(&b[i].c, o.from, o.to, on, b[i].family, b[i].op, vo, out);
	}
	buckets_free(b, nb);
	free(d);
}

/* ---- configs */

static void
config_sentence(const struct claims *c, const char *where, const char *config,
    const char *against, const char *family, const struct eb_verdict_opts *o,
    struct eb_findings *out)
{
	struct tally t;
	char est[64], ci[64], holm[48], names[384];
	const char *what = strcmp(family, "none") == 0 ? "unencrypted" : family;
	size_t up = 0, down = 0;

	tally(c, -1, &t);
	if (t.n == 0)
		return;
	for (size_t i = 0; i < c->n; i++) {
		if (!eb_verdict_claims(&c->v[i]))
			continue;
		if (c->v[i].estimate > 0)
			up++;
		else
			down++;
	}
	holm_words(&t, o, holm, sizeof holm);
	name_untestable(c, names, sizeof names);
	signed_range(est, sizeof est, t.est_lo, t.est_hi, "%");
	if (t.untestable == t.n) {
		say(out, "%s, config %s instead of %s changes %s throughput by %s (%zu "
		    "comparison%s; %s).", where, config, against, what, est, t.n,
		    t.n == 1 ? "" : "s", untestable_words(&t));
		return;
	}
	signed_range(ci, sizeof ci, t.ci_lo, t.ci_hi, "%");
	if (t.kinds[EB_VERDICT_UNCHANGED] == t.n)
		say(out, "%s, config %s leaves %s throughput unchanged against %s: every 95 %% "
		    "interval lies within ±%g %% (%zu comparison%s; changes %s).", where, config,
		    what, against, o->equivalence_pct, t.n, t.n == 1 ? "" : "s", est);
	else if (up + down == t.n && (up == 0 || down == 0))
		say(out, "%s, config %s instead of %s changes %s throughput by %s (%zu "
		    "comparison%s, each significant%s; %s %s).", where,
		    config, against, what, est, t.n, t.n == 1 ? "" : "s", holm, ci_lead(&t), ci);
	else if (up + down > 0)
		say(out, "%s, config %s instead of %s changes %s throughput by %s: higher in "
		    "%zu, lower in %zu and no clear change in %zu of %zu comparisons (95 %% "
		    "intervals within %s%s%s).", where, config, against, what, est, up, down,
		    t.n - up - down, t.n, ci, holm, names);
	else
		say(out, "%s, config %s instead of %s shows no clear change in %s throughput "
		    "(%zu comparison%s; changes %s; %s %s, not inside ±%g %%%s%s).", where,
		    config, against, what, t.n, t.n == 1 ? "" : "s", est, ci_lead(&t), ci,
		    o->equivalence_pct, holm, names);
}

/* Other configs of the newest release (AES-NI off, fewer cores) against
 * its most common one, one sentence per mode family and host. */
static void
config_sentences(const struct eb_groups *gs, const struct scope *sc,
    const struct eb_verdict_opts *vo, struct eb_findings *out)
{
	for (size_t j = 0; j < sc->nconfigs; j++) {
		struct eb_diff_opts o = { EB_SPLIT_CONFIG, sc->config, sc->configs[j], vo->alpha,
			vo->median, 1, NULL, vo->equivalence_pct };
		struct bucket *b = NULL;
		struct hosts hs = { { 0 }, 0 };
		size_t nb = 0, cap = 0, n;
		struct eb_diff *d;

		if (sc->configs[j] == sc->config)
			continue;
		d = eb_diff_compute(gs, &o, &n);
		for (size_t i = 0; i < n; i++) {
			const struct eb_record *k = d[i].a->key;
			struct bucket *x;

			if (strcmp(k->f[EB_F_METRIC], "bw") != 0 || k->f[EB_F_RELEASE] != sc->release)
				continue;
			host_add(&hs, k->f[EB_F_HOST]);
			x = bucket_for(&b, &nb, &cap, k->f[EB_F_HOST],
			    eb_mode_family(k->f[EB_F_MODE]), "");
			claim_add(&x->c, &d[i].v, k, 0);
		}
		if (nb > 1)
			qsort(b, nb, sizeof *b, cmp_bucket);
		for (size_t i = 0; i < nb; i++) {
			char where[160];

			where_text(where, sizeof where, sc->release, sc->config, 0, b[i].host,
			    hs.n > 1);
			claim_adjust(&b[i].c, vo);
			config_sentence(&b[i].c, where, sc->configs[j], sc->config, b[i].family, vo,
			    out);
		}
		buckets_free(b, nb);
		free(d);
	}
}

void
eb_findings_compute_opts(const struct eb_groups *gs, const char *baseline,
    const struct eb_verdict_opts *vo, struct eb_findings *out)
{
	size_t noh;
	struct eb_overhead *oh = eb_overhead_compute_opts(gs, baseline, vo, 0, &noh);
	struct scope sc;
	size_t singles = 0;

	memset(out, 0, sizeof *out);
	if (gs->n == 0) {
		say(out, "There are no records to speak of.");
		free(oh);
		return;
	}
	find_scope(gs, NULL, &sc);
	for (size_t i = 0; i < gs->n; i++)
		if (gs->g[i].s.n < 2)
			singles++;
	overhead_sentences(oh, noh, sc.release, sc.config, 0, vo, out);
	factor_sentences(gs, &sc, vo, out);
	release_sentences(gs, baseline, vo, out);
	for (size_t j = 0; j < sc.nconfigs; j++)
		if (sc.configs[j] != sc.config)
			overhead_sentences(oh, noh, sc.release, sc.configs[j], 1, vo, out);
	config_sentences(gs, &sc, vo, out);
	/* Releases that are no version number (a platform, another study)
	 * stand beside the series: their overhead too. */
	if (is_version(sc.release)) {
		size_t nrel;
		const char **rel = eb_releases(gs, &nrel);

		for (size_t i = 0; i < nrel; i++) {
			struct scope other;

			if (is_version(rel[i]))
				continue;
			find_scope(gs, rel[i], &other);
			overhead_sentences(oh, noh, other.release, other.config, 0, vo, out);
		}
		free((void *)rel);
	}
	eb_cost_thread_findings(gs, out);
	if (singles > 0)
		say(out, "%zu of %zu cases were measured once: they have no confidence "
		    "interval and get no verdict; repeat runs (--reps 3 or more) to test them.",
		    singles, gs->n);
	if (noh == 0)
		say(out, "No mode could be compared with the baseline '%s': the data has "
		    "no records of that mode with the same tests.", baseline);
	free(oh);
}

void
eb_findings_compute(const struct eb_groups *gs, const char *baseline, double alpha,
    struct eb_findings *out)
{
	struct eb_verdict_opts vo = EB_VERDICT_OPTS_DEFAULT;

	vo.alpha = alpha;
	eb_findings_compute_opts(gs, baseline, &vo, out);
}
