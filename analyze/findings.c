/* findings.c - the sentences of a report: each claim with its numbers and
 * their uncertainty, and none that the data cannot carry. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"

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

/* A range over several comparisons: min and max of the estimates, and the
 * outermost interval bounds. */
struct range {
	double lo, hi, ci_lo, ci_hi;
	size_t n, single;
	int no_ci;
};

static void
range_add(struct range *r, double v, double ci_lo, double ci_hi, int single)
{
	if (r->n == 0 || v < r->lo)
		r->lo = v;
	if (r->n == 0 || v > r->hi)
		r->hi = v;
	if (isnan(ci_lo) || isnan(ci_hi))
		r->no_ci = 1;
	else {
		if (r->n == 0 || ci_lo < r->ci_lo || isnan(r->ci_lo))
			r->ci_lo = ci_lo;
		if (r->n == 0 || ci_hi > r->ci_hi || isnan(r->ci_hi))
			r->ci_hi = ci_hi;
	}
	if (single)
		r->single++;
	r->n++;
}

/* "12.3 %" or "10.2–14.8 %". */
static void
pct_range(char *buf, size_t n, double lo, double hi)
{
	/* -0.04 reads "-0.0": show it as the zero it is at this precision. */
	if (fabs(lo) < 0.05)
		lo = 0;
	if (fabs(hi) < 0.05)
		hi = 0;
	if (fabs(hi - lo) < 0.05)
		snprintf(buf, n, "%.1f %%", lo);
	else if (lo < 0)
		snprintf(buf, n, "%.1f to %.1f %%", lo, hi);
	else
		snprintf(buf, n, "%.1f–%.1f %%", lo, hi);
}

/* What the interval part of a sentence says. */
static void
ci_text(char *buf, size_t n, const struct range *r, int pct)
{
	if (r->single == r->n)
		snprintf(buf, n, "single runs, so no interval");
	else if (r->no_ci && r->n == 1)
		snprintf(buf, n, "no interval");
	else if (pct)
		snprintf(buf, n, "95 %% interval%s %.1f%s%.1f %%%s", r->n > 1 ? "s within" : "",
		    r->ci_lo, r->ci_lo < 0 ? " to " : "–", r->ci_hi,
		    r->no_ci ? ", some cases without one" : "");
	else
		snprintf(buf, n, "95 %% interval%s %.2f–%.2f%s", r->n > 1 ? "s within" : "",
		    r->ci_lo, r->ci_hi, r->no_ci ? ", some cases without one" : "");
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

/* The overhead of each family in one release and config, per kind of I/O
 * and direction, as one sentence per family. */
struct family_acc {
	const char *family;
	struct range seg[2][NOPS], all;
	int keymask;
};

static void
overhead_sentences(const struct eb_overhead *oh, size_t noh, const char *release,
    const char *config, int name_config, struct eb_findings *out)
{
	struct family_acc acc[8];
	size_t nacc = 0;

	memset(acc, 0, sizeof acc);
	for (size_t i = 0; i < noh; i++) {
		const struct eb_record *k = oh[i].g->key;
		const char *fam = eb_mode_family(k->f[EB_F_MODE]);
		int op = op_index(k->f[EB_F_OP]);
		size_t a;

		if (strcmp(k->f[EB_F_METRIC], "bw") != 0 || op < 0 ||
		    k->f[EB_F_RELEASE] != release || k->f[EB_F_CONFIG] != config)
			continue;
		for (a = 0; a < nacc && strcmp(acc[a].family, fam) != 0; a++)
			;
		if (a == nacc) {
			if (nacc == 8)
				continue;
			acc[nacc++].family = fam;
		}
		range_add(&acc[a].seg[io_class(k)][op], oh[i].overhead_pct,
		    (1 - oh[i].ci_high) * 100, (1 - oh[i].ci_low) * 100,
		    oh[i].g->s.n < 2 || oh[i].base->s.n < 2);
		range_add(&acc[a].all, oh[i].overhead_pct, (1 - oh[i].ci_high) * 100,
		    (1 - oh[i].ci_low) * 100, oh[i].g->s.n < 2 || oh[i].base->s.n < 2);
		acc[a].keymask |= key_bits(k->f[EB_F_MODE]);
	}
	for (int rank = 0; rank <= 4; rank++)
		for (size_t a = 0; a < nacc; a++) {
			char parts[512] = "", ci[96], where[128];
			size_t len = 0, nseg = 0, done = 0;
			int sizes = popcount(acc[a].keymask);

			if (family_rank(acc[a].family) != rank)
				continue;
			for (int c = 0; c < 2; c++)
				for (int o = 0; o < NOPS; o++)
					nseg += acc[a].seg[c][o].n > 0;
			for (int c = 0; c < 2; c++)
				for (int o = 0; o < NOPS; o++) {
					const struct range *r = &acc[a].seg[c][o];
					char val[48];

					if (r->n == 0)
						continue;
					pct_range(val, sizeof val, r->lo, r->hi);
					done++;
					len += (size_t)snprintf(parts + len, sizeof parts - len, "%s%s%s %s %ss",
					    done == 1 ? "" : done == nseg ? " and " : ", ", val,
					    done == 1 ? " of throughput on" : " on", class_words[c],
					    op_names[o]);
					if (len >= sizeof parts)
						len = sizeof parts - 1;
				}
			ci_text(ci, sizeof ci, &acc[a].all, 1);
			snprintf(where, sizeof where, "In %s%s%s%s", *release ? release : "these runs",
			    name_config ? " (" : "", name_config ? config : "", name_config ? ")" : "");
			say(out, "%s, %s costs %s (%zu comparison%s%s; %s).", where, acc[a].family,
			    parts, acc[a].all.n, acc[a].all.n == 1 ? "" : "s",
			    sizes > 1 ? (sizes == 3 ? ", 3 key sizes" : ", 2 key sizes") : "", ci);
		}
}

/* Pairs a mode with another of the same key: GCM with CCM of the same key
 * size, LUKS with native AES-256-GCM. */
static const struct eb_group *
partner(const struct eb_group_index *ix, const struct eb_group *g, const char *mode,
    const struct eb_table *t)
{
	const char *m = eb_intern_lookup(t, mode);

	return m != NULL ? eb_group_index_find(ix, g->key, EB_F_MODE, m) : NULL;
}

static void
factor_sentences(const struct eb_groups *gs, const struct scope *sc,
    struct eb_findings *out)
{
	struct eb_group_index *ix = eb_group_index_new(gs, 0, NULL, NULL);
	struct range gcm_ccm[2], keys[2], luks_gcm;
	char where[96];

	memset(gcm_ccm, 0, sizeof gcm_ccm);
	memset(keys, 0, sizeof keys);
	memset(&luks_gcm, 0, sizeof luks_gcm);
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_group *g = &gs->g[i], *c;
		const char *mode = g->key->f[EB_F_MODE];

		if (strcmp(g->key->f[EB_F_METRIC], "bw") != 0 ||
		    g->key->f[EB_F_RELEASE] != sc->release || g->key->f[EB_F_CONFIG] != sc->config)
			continue;
		if (strncmp(mode, "aes-", 4) == 0 && strstr(mode, "-gcm") != NULL) {
			char ccm[32];
			double lo = NAN, hi = NAN;

			snprintf(ccm, sizeof ccm, "%.7s-ccm", mode);
			if ((c = partner(ix, g, ccm, gs->t)) != NULL && c->s.mean > 0) {
				eb_fieller(&g->s, &c->s, 0.05, &lo, &hi);
				range_add(&gcm_ccm[io_class(g->key)], g->s.mean / c->s.mean, lo, hi,
				    g->s.n < 2 || c->s.n < 2);
			}
		}
		/* Key sizes: the spread of the three sizes of one family. */
		if (strncmp(mode, "aes-128-", 8) == 0) {
			int fam = strstr(mode, "-gcm") != NULL ? 0 : 1;
			const struct eb_group *m192, *m256;
			char n192[32], n256[32];

			snprintf(n192, sizeof n192, "aes-192-%s", mode + 8);
			snprintf(n256, sizeof n256, "aes-256-%s", mode + 8);
			m192 = partner(ix, g, n192, gs->t);
			m256 = partner(ix, g, n256, gs->t);
			if (m192 != NULL && m256 != NULL) {
				double lo = fmin(g->s.mean, fmin(m192->s.mean, m256->s.mean));
				double hi = fmax(g->s.mean, fmax(m192->s.mean, m256->s.mean));

				if (lo > 0)
					range_add(&keys[fam], (hi / lo - 1) * 100, NAN, NAN, g->s.n < 2);
			}
		}
		if (strncmp(mode, "luks", 4) == 0 &&
		    (c = partner(ix, g, "aes-256-gcm", gs->t)) != NULL && c->s.mean > 0) {
			double lo = NAN, hi = NAN;

			eb_fieller(&g->s, &c->s, 0.05, &lo, &hi);
			range_add(&luks_gcm, g->s.mean / c->s.mean, lo, hi, g->s.n < 2 || c->s.n < 2);
		}
	}
	snprintf(where, sizeof where, "In %s", *sc->release ? sc->release : "these runs");
	if (gcm_ccm[0].n + gcm_ccm[1].n > 0) {
		char parts[256] = "", ci[96];
		size_t len = 0;
		struct range all = gcm_ccm[0];

		for (int c = 0; c < 2; c++) {
			if (gcm_ccm[c].n == 0)
				continue;
			if (fabs(gcm_ccm[c].hi - gcm_ccm[c].lo) < 0.05)
				len += (size_t)snprintf(parts + len, sizeof parts - len, "%s%.1f× %son %s I/O",
				    len ? " and " : "", gcm_ccm[c].lo, len ? "" : "the throughput of AES-CCM "
				    "with the same key size ", class_words[c]);
			else
				len += (size_t)snprintf(parts + len, sizeof parts - len,
				    "%s%.1f–%.1f× %son %s I/O", len ? " and " : "", gcm_ccm[c].lo,
				    gcm_ccm[c].hi, len ? "" : "the throughput of AES-CCM with the same "
				    "key size ", class_words[c]);
		}
		if (gcm_ccm[1].n > 0) {
			if (all.n == 0)
				all = gcm_ccm[1];
			else {
				all.lo = fmin(all.lo, gcm_ccm[1].lo);
				all.hi = fmax(all.hi, gcm_ccm[1].hi);
				all.ci_lo = fmin(all.ci_lo, gcm_ccm[1].ci_lo);
				all.ci_hi = fmax(all.ci_hi, gcm_ccm[1].ci_hi);
				all.no_ci |= gcm_ccm[1].no_ci;
				all.single += gcm_ccm[1].single;
				all.n += gcm_ccm[1].n;
			}
		}
		ci_text(ci, sizeof ci, &all, 0);
		say(out, "%s, AES-GCM reaches %s (%zu comparisons; %s).", where, parts, all.n, ci);
	}
	for (int fam = 0; fam < 2; fam++) {
		if (keys[fam].n == 0)
			continue;
		say(out, "%s, 128-, 192- and 256-bit %s keys are within %.1f %% of each other "
		    "in throughput (the largest spread of %zu test%s%s).", where,
		    fam == 0 ? "AES-GCM" : "AES-CCM", keys[fam].hi, keys[fam].n,
		    keys[fam].n == 1 ? "" : "s", keys[fam].single == keys[fam].n ? "; single runs" : "");
	}
	if (luks_gcm.n > 0) {
		char ci[96];

		ci_text(ci, sizeof ci, &luks_gcm, 0);
		say(out, "%s, LUKS reaches %.2f–%.2f× the throughput of native AES-256-GCM "
		    "(%zu comparisons; %s).", where, luks_gcm.lo, luks_gcm.hi, luks_gcm.n, ci);
	}
	eb_group_index_free(ix);
}

/* Keys of the sentences about release changes: few, compared by pointer
 * (interned) or by content (family names). */
struct bucket {
	const char *release, *config, *family, *op;
	struct range r;
};

static struct bucket *
bucket_for(struct bucket **b, size_t *n, size_t *cap, const char *release,
    const char *config, const char *family, const char *op)
{
	for (size_t i = 0; i < *n; i++)
		if ((*b)[i].release == release && (*b)[i].config == config &&
		    strcmp((*b)[i].family, family) == 0 && (*b)[i].op == op)
			return &(*b)[i];
	eb_xgrow(b, cap, *n + 1, sizeof **b);
	memset(&(*b)[*n], 0, sizeof **b);
	(*b)[*n].release = release;
	(*b)[*n].config = config;
	(*b)[*n].family = family;
	(*b)[*n].op = op;
	return &(*b)[(*n)++];
}

static int
cmp_bucket(const void *a, const void *b)
{
	const struct bucket *x = a, *y = b;
	int c = eb_natural_cmp(x->release, y->release);

	if (c == 0)
		c = strcmp(x->config, y->config);
	if (c == 0)
		c = family_rank(x->family) - family_rank(y->family);
	if (c == 0)
		c = strcmp(x->family, y->family);
	if (c == 0)
		c = strcmp(x->op, y->op);
	return c;
}

/* The two newest releases: the baseline's change and each family's
 * overhead change. */
static void
release_sentences(const struct eb_groups *gs, const char *baseline, double alpha,
    struct eb_findings *out)
{
	size_t n;
	struct eb_diff_opts o = { EB_SPLIT_RELEASE, NULL, NULL, alpha, 0, 0, baseline };
	struct eb_diff *d;
	size_t improved = 0, regressed = 0, same = 0, single = 0;
	struct bucket *b = NULL;
	size_t nb = 0, cap = 0;

	if (!eb_release_pair(gs, &o.from, &o.to))
		return;
	d = eb_diff_compute(gs, &o, &n);
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = d[i].a->key;

		if (strcmp(k->f[EB_F_MODE], baseline) == 0) {
			if (strcmp(d[i].verdict, "improved") == 0)
				improved++;
			else if (strcmp(d[i].verdict, "regressed") == 0)
				regressed++;
			else if (strcmp(d[i].verdict, "single run") == 0)
				single++;
			else
				same++;
		} else if (d[i].has_overhead && strcmp(k->f[EB_F_METRIC], "bw") == 0) {
			struct bucket *x = bucket_for(&b, &nb, &cap, o.to, k->f[EB_F_CONFIG],
			    eb_mode_family(k->f[EB_F_MODE]), k->f[EB_F_OP]);

			range_add(&x->r, d[i].overhead_change_pp, NAN, NAN,
			    d[i].a->s.n < 2 || d[i].b->s.n < 2);
		}
	}
	if (improved + regressed + same + single > 0) {
		char tail[96] = "";

		if (single > 0)
			snprintf(tail, sizeof tail, "; single runs allow no verdict in %zu case%s",
			    single, single == 1 ? "" : "s");
		say(out, "From %s to %s, the unencrypted baseline (%s) improved in %zu "
		    "case%s, regressed in %zu and showed no significant change in %zu "
		    "(Welch's t test, alpha %.2g)%s.", o.from, o.to, baseline, improved,
		    improved == 1 ? "" : "s", regressed, same, alpha, tail);
	}
	qsort(b, nb, sizeof *b, cmp_bucket);
	for (size_t i = 0; i < nb; i++) {
		const char *way = b[i].r.hi < -0.5 ? "fell" : b[i].r.lo > 0.5 ? "rose" : NULL;
		char by[48];

		if (way != NULL) {
			double a = fabs(way[0] == 'f' ? b[i].r.hi : b[i].r.lo);
			double z = fabs(way[0] == 'f' ? b[i].r.lo : b[i].r.hi);

			pct_range(by, sizeof by, a, z);
			by[strlen(by) - 2] = '\0';	/* the number without " %" */
			say(out, "From %s to %s, the overhead of %s on %s %s by %s percentage "
			    "point%s (%zu comparison%s): encryption got %s.", o.from, o.to,
			    b[i].family, op_words(b[i].op), way, by, strcmp(by, "1.0") == 0 ? "" : "s",
			    b[i].r.n, b[i].r.n == 1 ? "" : "s", way[0] == 'f' ? "cheaper" : "dearer");
		}
		else if (fabs(b[i].r.hi - b[i].r.lo) < 0.05)
			say(out, "From %s to %s, the overhead of %s on %s changed by %+.1f "
			    "percentage points (%zu comparison%s): no clear change.", o.from,
			    o.to, b[i].family, op_words(b[i].op), b[i].r.lo, b[i].r.n,
			    b[i].r.n == 1 ? "" : "s");
		else
			say(out, "From %s to %s, the overhead of %s on %s changed by %+.1f to "
			    "%+.1f percentage points (%zu comparisons): no clear change.", o.from,
			    o.to, b[i].family, op_words(b[i].op), b[i].r.lo, b[i].r.hi, b[i].r.n);
	}
	free(b);
	free(d);
}

/* Other configs of the newest release (AES-NI off, fewer cores) against
 * its most common one, one sentence per mode family over every test. */
static void
config_sentences(const struct eb_groups *gs, const struct scope *sc, double alpha,
    struct eb_findings *out)
{
	for (size_t j = 0; j < sc->nconfigs; j++) {
		struct eb_diff_opts o = { EB_SPLIT_CONFIG, sc->config, sc->configs[j], alpha,
			0, 0, NULL };
		struct bucket *b = NULL;
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
			x = bucket_for(&b, &nb, &cap, sc->release, sc->configs[j],
			    eb_mode_family(k->f[EB_F_MODE]), "");
			range_add(&x->r, d[i].delta_pct, d[i].delta_ci_low_pct,
			    d[i].delta_ci_high_pct, d[i].a->s.n < 2 || d[i].b->s.n < 2);
		}
		qsort(b, nb, sizeof *b, cmp_bucket);
		for (size_t i = 0; i < nb; i++) {
			char val[48], ci[96];
			int none = family_rank(b[i].family) == 4 && strcmp(b[i].family, "none") == 0;
			int steady = !b[i].r.no_ci && b[i].r.ci_lo <= 0 && b[i].r.ci_hi >= 0;

			pct_range(val, sizeof val, b[i].r.lo, b[i].r.hi);
			ci_text(ci, sizeof ci, &b[i].r, 1);
			if (none && steady)
				say(out, "In %s, config %s leaves unencrypted throughput as it is under "
				    "%s (%s; %s).", b[i].release, b[i].config, sc->config, val, ci);
			else
				say(out, "In %s, config %s instead of %s changes %s%s throughput by %s "
				    "(%zu comparison%s; %s).", b[i].release, b[i].config, sc->config,
				    none ? "unencrypted" : b[i].family, none ? "" : "", val, b[i].r.n,
				    b[i].r.n == 1 ? "" : "s", ci);
		}
		free(b);
		free(d);
	}
}

void
eb_findings_compute(const struct eb_groups *gs, const char *baseline, double alpha,
    struct eb_findings *out)
{
	size_t noh;
	struct eb_overhead *oh = eb_overhead_compute(gs, baseline, &noh);
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
	overhead_sentences(oh, noh, sc.release, sc.config, 0, out);
	factor_sentences(gs, &sc, out);
	release_sentences(gs, baseline, alpha, out);
	for (size_t j = 0; j < sc.nconfigs; j++)
		if (sc.configs[j] != sc.config)
			overhead_sentences(oh, noh, sc.release, sc.configs[j], 1, out);
	config_sentences(gs, &sc, alpha, out);
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
			overhead_sentences(oh, noh, other.release, other.config, 0, out);
		}
		free((void *)rel);
	}
	if (singles > 0)
		say(out, "%zu of %zu cases were measured once: they have no confidence "
		    "interval and get no verdict; repeat runs (--reps 3 or more) to test them.",
		    singles, gs->n);
	if (noh == 0)
		say(out, "No mode could be compared with the baseline '%s': the data has "
		    "no records of that mode with the same tests.", baseline);
	free(oh);
}
