/* findings_cost.c - the sentences on what each mode family costs in one
 * release, and on one mode against another of the same key (GCM or CCM). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "findings_int.h"

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

int
eb_family_rank(const char *f)
{
	static const char *const order[] = { "AES-CCM", "AES-GCM", "LUKS", "geli" };

	for (int i = 0; i < 4; i++)
		if (strcmp(f, order[i]) == 0)
			return i;
	return 4;
}

int
eb_key_bits(const char *mode)
{
	if (strncmp(mode, "aes-128", 7) == 0)
		return 1;
	if (strncmp(mode, "aes-192", 7) == 0)
		return 2;
	if (strncmp(mode, "aes-256", 7) == 0)
		return 4;
	return 0;
}

void
eb_family_label(char *buf, size_t n, const char *family, const char *baseline, int keymask)
{
	static const char *const bits[3] = { "128", "192", "256" };
	size_t len = 0, k = 0, shown = 0;

	if (baseline == NULL || strcmp(eb_mode_family(baseline), family) != 0) {
		snprintf(buf, n, "%s", family);
		return;
	}
	/* The baseline's own family: the other key sizes, named, since a mode
	 * is never compared with itself (C19 of an outside audit). */
	for (int b = 0; b < 3; b++)
		k += (keymask >> b) & 1;
	if (k == 0 || strncmp(family, "AES-", 4) != 0) {
		snprintf(buf, n, "%s other than %s", family, baseline);
		return;
	}
	buf[0] = '\0';
	for (int b = 0; b < 3 && len < n; b++)
		if ((keymask >> b) & 1) {
			shown++;
			len += (size_t)snprintf(buf + len, n - len, "%s%s%s",
			    shown == 1 ? "" : shown == k ? " and " : ", ", bits[b],
			    shown == k ? "-bit " : "-");
		}
	if (len < n)
		snprintf(buf + len, n - len, "%s", family);
}

static int
popcount(int v)
{
	int c = 0;

	for (; v; v &= v - 1)
		c++;
	return c;
}

/* ---- what each family costs */

#define NSEG (2 * NOPS)

static void
seg_words(char *buf, size_t n, int seg)
{
	snprintf(buf, n, "%s %ss", class_words[seg / NOPS], op_names[seg % NOPS]);
}

/* Puts a list "a|b|c" (the bars are cut) as "a, b and c". */
static void
put_list(struct text *t, char *list)
{
	size_t k = 0;

	for (char *p = list, *bar; p != NULL; p = bar ? bar + 1 : NULL) {
		bar = strchr(p, '|');
		if (bar)
			*bar = '\0';
		eb_text_put(t, "%s%s", k == 0 ? "" : bar == NULL ? " and " : ", ", p);
		k++;
	}
}

/* The metric classes spoken of beside a family's throughput: CPU use and
 * latency, each its own Holm family. */
enum { SIDE_CPU, SIDE_LATENCY, NSIDE };

static int
side_class(const char *metric)
{
	const char *cls = eb_metric_family(metric);

	if (strcmp(cls, "cpu") == 0)
		return SIDE_CPU;
	if (strcmp(cls, "latency") == 0)
		return SIDE_LATENCY;
	return -1;
}

/* The tests among some claims: the metrics of one test (mean and p99
 * latency) count once, as the verdicts' families count them. */
static size_t
tests_in(const struct claims *c)
{
	size_t n = 0;

	for (size_t i = 0; i < c->n; i++) {
		size_t j;

		for (j = 0; j < i; j++) {
			const struct eb_record *x = c->k[i], *y = c->k[j];
			int f;

			for (f = 0; f < EB_NFIELDS; f++)
				if (f != EB_F_METRIC && f != EB_F_UNIT && f != EB_F_SOURCE &&
				    x->f[f] != y->f[f])
					break;
			if (f == EB_NFIELDS && x->block_size == y->block_size)
				break;
		}
		n += j == i;
	}
	return n;
}

/* The supported changes of one side class in one direction, as sizes
 * with the direction in words: "CPU use rose by 166.7 % (95 % interval
 * 132.8–210.2 %)", or "fell by 12.0–20.0 % in 2 of 3 tests (95 %
 * intervals within 5.0–31.0 %, Holm over 3 tests)". A supported change
 * never has an interval across 0. Returns 0 when none went that way. */
static int
side_direction(struct text *t, const struct claims *c, int up, const char *lead,
    const struct eb_verdict_opts *o)
{
	struct claims sup = { 0 };
	struct tally all, x;
	char est[64], ci[96], holm[48];

	for (size_t i = 0; i < c->n; i++)
		if (eb_verdict_claims(&c->v[i]) && (c->v[i].estimate > 0) == up)
			eb_claim_add(&sup, &c->v[i], c->k[i], 0);
	if (sup.n == 0) {
		eb_claim_free(&sup);
		return 0;
	}
	eb_tally(c, -1, &all);
	eb_tally(&sup, -1, &x);
	eb_holm_words(&all, o, holm, sizeof holm);
	eb_pct_range(est, sizeof est, up ? x.est_lo : -x.est_hi, up ? x.est_hi : -x.est_lo, "%");
	eb_pct_range(ci, sizeof ci, up ? x.ci_lo : -x.ci_hi, up ? x.ci_hi : -x.ci_lo, "%");
	eb_text_put(t, "%s%s by %s", lead, up ? "rose" : "fell", est);
	if (tests_in(c) > 1)
		eb_text_put(t, " in %zu of %zu tests", tests_in(&sup), tests_in(c));
	eb_text_put(t, " (%s %s%s)", eb_ci_lead(&x), ci, holm);
	eb_claim_free(&sup);
	return 1;
}

/* What CPU use and latency of the same modes, tests and scope did, when the
 * verdicts (Holm within each class) support a change: a reader of "no
 * measurable overhead of throughput" is told that CPU use rose beside it.
 * Says nothing when neither changed measurably. */
static void
side_sentence(struct text *t, struct claims side[NSIDE], const char *family,
    const struct eb_verdict_opts *o)
{
	static const char *const names[NSIDE] = { "CPU use", "latency" };
	struct text parts = { "", 0 };

	for (int s = 0; s < NSIDE; s++) {
		int here = 0;

		eb_claim_adjust(&side[s], o);
		for (int up = 1; up >= 0; up--) {
			char lead[32];

			if (here)
				snprintf(lead, sizeof lead, " and ");
			else
				snprintf(lead, sizeof lead, "%s%s ", parts.len ? "; " : "", names[s]);
			here |= side_direction(&parts, &side[s], up, lead, o);
		}
	}
	if (parts.len > 0)
		eb_text_put(t, " With %s, %s.", family, parts.buf);
}

/* A family measured without throughput (latency or CPU use alone): no
 * figure of what it costs in throughput, and what its latency and CPU use
 * did, each change only where its verdict (Holm within the class) holds
 * it up; a class that has cases but no such verdict is one the data cannot
 * tell of. Says nothing when the family has no such cases either. */
static void
side_only_sentence(struct claims side[NSIDE], const char *where, const char *family,
    int beside, const struct eb_verdict_opts *o, struct eb_findings *out)
{
	static const char *const names[NSIDE] = { "CPU use", "latency" };
	struct text parts = { "", 0 };

	for (int s = NSIDE - 1; s >= 0; s--) {
		int here = 0;

		if (side[s].n == 0)
			continue;
		eb_claim_adjust(&side[s], o);
		for (int up = 1; up >= 0; up--) {
			char lead[32];

			if (here)
				snprintf(lead, sizeof lead, " and ");
			else
				snprintf(lead, sizeof lead, "%s%s ", parts.len ? "; " : "", names[s]);
			here |= side_direction(&parts, &side[s], up, lead, o);
		}
		struct tally x;

		eb_tally(&side[s], -1, &x);
		if (!here && x.n > 0 && x.kinds[EB_VERDICT_NO_MEASURABLE] == x.n) {
			char ci[96], holm[48];

			eb_signed_range(ci, sizeof ci, x.ci_lo, x.ci_hi, 0, "%");
			eb_holm_words(&x, o, holm, sizeof holm);
			eb_text_put(&parts, "%s%s shows no measurable change (%s %s%s)",
			    parts.len ? "; " : "", names[s], eb_ci_lead(&x), ci, holm);
		} else if (!here)
			eb_text_put(&parts, "%sthe data cannot tell whether %s changed (%zu test%s, "
			    "none with a verdict of a change)", parts.len ? "; " : "", names[s],
			    tests_in(&side[s]), tests_in(&side[s]) == 1 ? "" : "s");
	}
	if (parts.len == 0)
		return;
	if (beside)
		eb_findings_say(out, "%s, in tests without a throughput figure, with %s, %s.",
		    where, family, parts.buf);
	else
		eb_findings_say(out, "%s, no throughput of %s was measured, so nothing here says "
		    "what it costs in throughput; with %s, %s.", where, family, family, parts.buf);
}

/* side_only_sentence and the caveats of the cases it speaks of. */
static void
side_only_finding(struct claims side[NSIDE], const char *where, const char *family,
    int beside, const struct eb_verdict_opts *o, struct eb_findings *out)
{
	struct claims both = { 0 };
	size_t at = out->n;

	side_only_sentence(side, where, family, beside, o, out);
	for (int s = 0; s < NSIDE; s++)
		for (size_t i = 0; i < side[s].n; i++)
			eb_claim_add(&both, &side[s].v[i], side[s].k[i], 0);
	eb_findings_qualify(out, &both, at);
	eb_claim_free(&both);
}

/* Whether c holds a claim of the test (all but metric, unit and source)
 * of key k. */
static int
has_test(const struct claims *c, const struct eb_record *k)
{
	for (size_t i = 0; i < c->n; i++) {
		const struct eb_record *x = c->k[i];
		int f;

		for (f = 0; f < EB_NFIELDS; f++)
			if (f != EB_F_METRIC && f != EB_F_UNIT && f != EB_F_SOURCE && x->f[f] != k->f[f])
				break;
		if (f == EB_NFIELDS && x->block_size == k->block_size)
			return 1;
	}
	return 0;
}

/* The verdicts of a segment whose cases part ways, the kinds none of
 * them has left out: "costs in 2 and is faster in 1", "is faster in 1
 * and shows no measurable overhead in 1". */
static void
mixed_counts(char *buf, size_t n, const struct tally *x)
{
	static const char *const words[] = { "costs in", "is faster in",
		"shows no measurable overhead in", "has no verdict in" };
	size_t k[4], parts = 0, said = 0, len = 0;

	k[0] = x->kinds[EB_VERDICT_COSTS];
	k[1] = x->kinds[EB_VERDICT_FASTER];
	k[2] = x->kinds[EB_VERDICT_NO_MEASURABLE];
	k[3] = x->untestable;
	for (int i = 0; i < 4; i++)
		parts += k[i] > 0;
	buf[0] = '\0';
	for (int i = 0; i < 4 && len < n; i++) {
		if (k[i] == 0)
			continue;
		len += (size_t)snprintf(buf + len, n - len, "%s%s %zu",
		    said == 0 ? "" : said + 1 == parts ? " and " : ", ", words[i], k[i]);
		said++;
	}
}

/* One sentence: a family's overhead of throughput in one release, config
 * and host, then what its CPU use and latency did when they changed. */
static void
overhead_sentence(const struct claims *c, struct claims side[], const char *where,
    const char *family, int sizes, const struct eb_verdict_opts *o, struct eb_findings *out)
{
	struct text t = { "", 0 };
	struct tally all, seg[NSEG];
	char costs[512] = "", faster[384] = "", none[256] = "", mixed[512] = "", dunno[256] = "";
	size_t lc = 0, lf = 0, ln = 0, lm = 0, ld = 0, ncost = 0;
	double none_lo = 0, none_hi = 0;
	size_t none_cases = 0;
	int none_holm_only = 0, dunno_apart = 0;
	char holm[48], names[384], ci[320];

	eb_tally(c, -1, &all);
	if (all.n == 0) {
		if (all.out_of_range > 0)
			eb_findings_say(out, "%s, %s has no figure of overhead: %s (%zu comparison%s).",
			    where, family, EB_OUT_OF_RANGE_WHY, all.out_of_range,
			    all.out_of_range == 1 ? "" : "s");
		return;
	}
	for (int s = 0; s < NSEG; s++)
		eb_tally(c, s, &seg[s]);
	for (int s = 0; s < NSEG; s++) {
		const struct tally *x = &seg[s];
		char where_s[48], val[128];

		if (x->n == 0)
			continue;
		seg_words(where_s, sizeof where_s, s);
		if (x->kinds[EB_VERDICT_COSTS] == x->n) {
			eb_pct_range(val, sizeof val, x->est_lo, x->est_hi, "%");
			lc += (size_t)snprintf(costs + lc, sizeof costs - lc, "%s%s%s on %s",
			    ncost ? "|" : "", val, ncost ? "" : " of throughput", where_s);
			ncost++;
		} else if (x->kinds[EB_VERDICT_FASTER] == x->n) {
			eb_pct_range(val, sizeof val, -x->est_hi, -x->est_lo, "%");
			lf += (size_t)snprintf(faster + lf, sizeof faster - lf, "%s%s faster%s on %s",
			    lf ? ", " : "", val, lf ? "" : " in throughput", where_s);
		} else if (x->kinds[EB_VERDICT_NO_MEASURABLE] == x->n) {
			ln += (size_t)snprintf(none + ln, sizeof none - ln, "%s%s", ln ? "|" : "",
			    where_s);
			if (none_cases == 0 || x->est_lo < none_lo)
				none_lo = x->est_lo;
			if (none_cases == 0 || x->est_hi > none_hi)
				none_hi = x->est_hi;
			none_cases += x->n;
			none_holm_only |= x->ci_lo > 0 || x->ci_hi < 0;
		} else if (x->untestable == x->n) {
			/* A tie has no direction (G7 of an outside audit). */
			if (eb_estimate_is_zero(x->est_lo) && eb_estimate_is_zero(x->est_hi))
				snprintf(val, sizeof val, "the same (0.0 %%)");
			else {
				eb_slow_fast(val, sizeof val, x->est_lo, x->est_hi);
				dunno_apart = 1;
			}
			ld += (size_t)snprintf(dunno + ld, sizeof dunno - ld, "%s%s%s on %s",
			    ld ? "|" : "", val, ld ? "" : " in throughput", where_s);
		} else {
			char counts[192];

			eb_slow_fast(val, sizeof val, x->est_lo, x->est_hi);
			mixed_counts(counts, sizeof counts, x);
			lm += (size_t)snprintf(mixed + lm, sizeof mixed - lm, "%sthroughput on %s: it %s "
			    "of %zu cases (estimates %s)", lm ? "; " : "", where_s, counts, x->n, val);
		}
		if (lc >= sizeof costs || lf >= sizeof faster || ln >= sizeof none ||
		    lm >= sizeof mixed || ld >= sizeof dunno)
			break;
	}
	eb_text_put(&t, "%s, %s", where, family);
	{
		int clauses = 0;

		if (costs[0]) {
			eb_text_put(&t, " costs ");
			put_list(&t, costs);
			clauses++;
		}
		if (faster[0]) {
			eb_text_put(&t, "%s is %s", clauses ? ";" : "", faster);
			clauses++;
		}
		if (none[0]) {
			eb_text_put(&t, "%s shows no measurable overhead of throughput on ", clauses ? ";" : "");
			put_list(&t, none);
			if (none_holm_only)
				eb_text_put(&t, " (not significant after adjusting for the %zu tests)",
				    all.family_size);
			else if (all.n > 1) {
				/* Estimates, as the closing parenthesis says every
				 * range before it is; the intervals follow there
				 * (audit 29 P03). */
				char est[128];

				/* A tie has no direction (G7 of an outside audit). */
				if (eb_estimate_is_zero(none_lo) && eb_estimate_is_zero(none_hi))
					snprintf(est, sizeof est, "0.0 %%");
				else
					eb_slow_fast(est, sizeof est, none_lo, none_hi);
				eb_text_put(&t, " (estimate%s %s)", none_cases == 1 ? "" : "s", est);
			}
			clauses++;
		}
		if (mixed[0]) {
			eb_text_put(&t, "%s %s", clauses ? ";" : ",", mixed);
			clauses++;
		}
		if (dunno[0]) {
			eb_text_put(&t, "%s measured ", clauses ? ";" : "");
			put_list(&t, dunno);
			eb_text_put(&t, " %s the baseline, without a verdict",
			    dunno_apart ? "than" : "as");
		}
	}
	eb_holm_words(&all, o, holm, sizeof holm);
	eb_name_untestable(c, names, sizeof names);
	if (all.untestable == all.n)
		snprintf(ci, sizeof ci, "%s", eb_untestable_words(&all));
	else
	{
		char hull[96];

		/* A hull below or across zero in words, never a negative cost. */
		if (all.ci_lo >= 0)
			eb_pct_range(hull, sizeof hull, all.ci_lo, all.ci_hi, "%");
		else if (all.ci_hi <= 0)
			eb_slow_fast(hull, sizeof hull, all.ci_lo, all.ci_hi);
		else
			eb_between_text(hull, sizeof hull, all.ci_lo, all.ci_hi);
		char level[48];

		eb_interval_level_text(all.alpha, all.adjusted, level, sizeof level);
		/* One comparison has no range to explain, and one interval is
		 * not a hull of several. */
		if (all.n == 1)
			snprintf(ci, sizeof ci, "%s interval %s%s", level, hull, holm);
		else if (all.with_ci == 1)
			snprintf(ci, sizeof ci, "ranges are the spread of the estimates; the one "
			    "%s interval lies %s%s%s", level, all.ci_lo < 0 && all.ci_hi > 0 ? "" :
			    "within ", hull, holm);
		else
			snprintf(ci, sizeof ci, "ranges are the spread of the estimates; their %s "
			    "intervals lie %s%s%s", level, all.ci_lo < 0 && all.ci_hi > 0 ? "" :
			    "within ", hull, holm);
	}
	eb_text_put(&t, " (%zu comparison%s%s; %s%s).", all.n, all.n == 1 ? "" : "s",
	    sizes > 1 ? (sizes == 3 ? ", 3 key sizes" : ", 2 key sizes") : "", ci, names);
	side_sentence(&t, side, family, o);
	eb_findings_say(out, "%s", t.buf);
}

void
eb_overhead_sentences(const struct eb_overhead *oh, size_t noh, const struct scope *sc,
    const char *config, int name_config, const struct eb_verdict_opts *o,
    struct eb_findings *out)
{
	struct hosts hs = { { 0 }, 0 };
	const char *release = sc->release;

	for (size_t i = 0; i < noh; i++) {
		const struct eb_record *k = oh[i].g->key;

		if (k->f[EB_F_RELEASE] == release && k->f[EB_F_CONFIG] == config &&
		    (strcmp(k->f[EB_F_METRIC], "bw") == 0 || side_class(k->f[EB_F_METRIC]) >= 0) &&
		    (sc->host == NULL || k->f[EB_F_HOST] == sc->host))
			eb_host_add(&hs, k->f[EB_F_HOST]);
	}
	for (size_t h = 0; h < hs.n; h++) {
		const char *fams[8];
		struct claims c[8], side[8][NSIDE], lone[8][NSIDE];
		int keymask[8] = { 0 };
		size_t nf = 0;
		char where[224];
		const char *baseline = NULL;

		memset(c, 0, sizeof c);
		memset(side, 0, sizeof side);
		memset(lone, 0, sizeof lone);
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
			eb_claim_add(&c[a], &oh[i].v, k, io_class(k) * NOPS + op);
			baseline = oh[i].base->key->f[EB_F_MODE];
			keymask[a] |= eb_key_bits(k->f[EB_F_MODE]);
		}
		/* CPU use and latency of the families spoken of, same scope. */
		for (size_t i = 0; i < noh; i++) {
			const struct eb_record *k = oh[i].g->key;
			int s = side_class(k->f[EB_F_METRIC]);
			size_t a;

			if (s < 0 || k->f[EB_F_RELEASE] != release || k->f[EB_F_CONFIG] != config ||
			    k->f[EB_F_HOST] != hs.h[h])
				continue;
			for (a = 0; a < nf && strcmp(fams[a], eb_mode_family(k->f[EB_F_MODE])) != 0;
			    a++)
				;
			/* A family with latency or CPU use but no throughput is
			 * spoken of too, so that its data is not left unsaid. */
			if (a == nf && nf < 8)
				fams[nf++] = eb_mode_family(k->f[EB_F_MODE]);
			/* Beside a family's throughput, only the tests whose
			 * throughput it speaks of (audit 19): another test's
			 * latency is said on its own. */
			if (a < nf && c[a].n > 0 && !has_test(&c[a], k)) {
				eb_claim_add(&lone[a][s], &oh[i].v, k, 0);
			} else if (a < nf) {
				eb_claim_add(&side[a][s], &oh[i].v, k, 0);
				if (c[a].n == 0)
					keymask[a] |= eb_key_bits(k->f[EB_F_MODE]);
				if (baseline == NULL)
					baseline = oh[i].base->key->f[EB_F_MODE];
			}
		}
		eb_where_text(where, sizeof where, release, config, name_config, hs.h[h],
		    sc->name_hosts || hs.n > 1);
		/* A baseline other than none is named in every sentence: "costs
		 * 5.5 %" against aes-256-gcm is not what encryption costs. */
		if (baseline != NULL && strcmp(baseline, "none") != 0) {
			size_t len = strlen(where);

			snprintf(where + len, sizeof where - len, ", against %s", baseline);
		}
		for (int rank = 0; rank <= 4; rank++)
			for (size_t a = 0; a < nf; a++) {
				char label[96];

				if (eb_family_rank(fams[a]) != rank)
					continue;
				eb_family_label(label, sizeof label, fams[a], baseline, keymask[a]);
				size_t at = out->n;

				if (c[a].n == 0) {
					side_only_finding(side[a], where, label, 0, o, out);
					continue;
				}
				eb_claim_adjust(&c[a], o);
				overhead_sentence(&c[a], side[a], where, label, popcount(keymask[a]), o,
				    out);
				eb_findings_qualify(out, &c[a], at);
				if (lone[a][0].n + lone[a][1].n > 0)
					side_only_finding(lone[a], where, label, 1, o, out);
			}
		for (size_t a = 0; a < nf; a++) {
			eb_claim_free(&c[a]);
			for (int s = 0; s < NSIDE; s++) {
				eb_claim_free(&side[a][s]);
				eb_claim_free(&lone[a][s]);
			}
		}
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
	char holm[48], names[384], level[48];
	int parts = 0;

	if (c->n == 0)
		return;
	eb_tally(c, -1, &all);
	eb_name_untestable(c, names, sizeof names);
	if (all.n == 0) {
		eb_findings_say(out, "%s, %s against %s has no figure: %s (%zu comparison%s).",
		    where, what, of, EB_OUT_OF_RANGE_WHY, all.out_of_range,
		    all.out_of_range == 1 ? "" : "s");
		return;
	}
	eb_text_put(&t, "%s, %s reaches ", where, what);
	for (int cl = 0; cl < (per_class ? 2 : 1); cl++) {
		struct tally x;
		double lo, hi;

		eb_tally(c, per_class ? cl : -1, &x);
		if (x.n == 0)
			continue;
		lo = 1 - x.est_hi / 100;
		hi = 1 - x.est_lo / 100;
		if (fabs(hi - lo) < 0.005)
			eb_text_put(&t, "%s%.2f×", parts ? " and " : "", lo);
		else
			eb_text_put(&t, "%s%.2f–%.2f×", parts ? " and " : "", lo, hi);
		if (parts == 0)
			eb_text_put(&t, " the throughput of %s", of);
		if (per_class)
			eb_text_put(&t, " on %s I/O", class_words[cl]);
		parts++;
	}
	eb_holm_words(&all, o, holm, sizeof holm);
	eb_interval_level_text(all.alpha, all.adjusted, level, sizeof level);
	if (all.untestable == all.n)
		eb_text_put(&t, " (%zu comparison%s; %s).", all.n, all.n == 1 ? "" : "s",
		    eb_untestable_words(&all));
	else {
		char span[64];

		/* A cost's open top (a ratio's floor) leaves the ratio no lower bound. */
		if (isnan(all.ci_hi))
			snprintf(span, sizeof span, "up to %.2f", 1 - all.ci_lo / 100);
		else
			snprintf(span, sizeof span, "%.2f–%.2f", 1 - all.ci_hi / 100,
			    1 - all.ci_lo / 100);
		eb_text_put(&t, " (%zu comparison%s: faster in %zu, slower in %zu, no clear difference "
		    "in %zu%s; %s interval%s %s%s).", all.n, all.n == 1 ? "" : "s",
		    all.kinds[EB_VERDICT_FASTER], all.kinds[EB_VERDICT_COSTS],
		    all.kinds[EB_VERDICT_NO_MEASURABLE], holm, level,
		    all.with_ci == 1 ? "" : "s within", span, names);
	}
	eb_findings_say(out, "%s", t.buf);
}

void
eb_factor_sentences(const struct eb_groups *gs, const struct scope *sc,
    const struct eb_verdict_opts *o, struct eb_findings *out)
{
	struct eb_group_index *ix = eb_group_index_new(gs, 0, NULL, NULL);
	struct hosts hs = { { 0 }, 0 };

	for (size_t i = 0; i < gs->n; i++)
		if (gs->g[i].key->f[EB_F_RELEASE] == sc->release &&
		    gs->g[i].key->f[EB_F_CONFIG] == sc->config &&
		    (sc->host == NULL || gs->g[i].key->f[EB_F_HOST] == sc->host))
			eb_host_add(&hs, gs->g[i].key->f[EB_F_HOST]);
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
					eb_claim_add(&gcm_ccm, &v, g->key, io_class(g->key));
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
					eb_claim_add(&keys[fam], &v, m256->key, 0);
				}
			}
			if (strncmp(mode, "luks", 4) == 0 &&
			    (c = partner(ix, g, "aes-256-gcm", gs->t)) != NULL && c->s.mean > 0) {
				eb_verdict_overhead(g, c, o, &v);
				eb_claim_add(&luks_gcm, &v, g->key, 0);
			}
		}
		eb_where_text(where, sizeof where, sc->release, sc->config, 0, hs.h[h],
		    sc->name_hosts || hs.n > 1);
		size_t at = out->n;

		eb_claim_adjust(&gcm_ccm, o);
		factor_sentence(&gcm_ccm, where, "AES-GCM", "AES-CCM with the same key size", 1,
		    o, out);
		eb_findings_qualify(out, &gcm_ccm, at);
		for (int fam = 0; fam < 2; fam++) {
			at = out->n;
			eb_claim_adjust(&keys[fam], o);
			factor_sentence(&keys[fam], where, fam == 0 ? "256-bit AES-GCM" :
			    "256-bit AES-CCM", fam == 0 ? "128-bit AES-GCM" : "128-bit AES-CCM", 0,
			    o, out);
			eb_findings_qualify(out, &keys[fam], at);
			eb_claim_free(&keys[fam]);
		}
		at = out->n;
		eb_claim_adjust(&luks_gcm, o);
		factor_sentence(&luks_gcm, where, "LUKS", "native AES-256-GCM", 0, o, out);
		eb_findings_qualify(out, &luks_gcm, at);
		eb_claim_free(&gcm_ccm);
		eb_claim_free(&luks_gcm);
	}
	eb_group_index_free(ix);
}
