/* findings.c - the sentences of a report: each claim with its numbers and
 * their uncertainty, and none that the data cannot carry. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "caveats.h"
#include "findings_int.h"
#include "cost.h"

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

static int
is_version(const char *release)
{
	return *release >= '0' && *release <= '9';
}

/* The scope of one release (of one host, or of every host with host
 * NULL): its configs, the most common one first. With release NULL, the
 * newest release whose label is a version number (or, without any, the
 * newest label). */
static void
find_scope(const struct eb_groups *gs, const char *release, const char *host,
    int name_hosts, struct scope *sc)
{
	size_t counts[16] = { 0 }, best = 0;

	memset(sc, 0, sizeof *sc);
	sc->release = release;
	sc->host = host;
	sc->name_hosts = name_hosts;
	for (size_t i = 0; release == NULL && i < gs->n; i++) {
		const char *r = gs->g[i].key->f[EB_F_RELEASE];

		if (host != NULL && gs->g[i].key->f[EB_F_HOST] != host)
			continue;
		if (sc->release == NULL || (is_version(r) && !is_version(sc->release)) ||
		    (is_version(r) == is_version(sc->release) && eb_release_cmp(r, sc->release) > 0))
			sc->release = r;
	}
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_record *k = gs->g[i].key;
		size_t j;

		if (k->f[EB_F_RELEASE] != sc->release || (host != NULL && k->f[EB_F_HOST] != host))
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

/* ---- release changes */

/* The tests of a set of claims, each with one verdict: a test whose
 * metrics (bw and iops, or mean and p99 latency) agree has their word;
 * one whose metrics part ways is "mixed". */
struct test_count {
	size_t tests, improved, regressed, mixed, unchanged, unclear, untestable;
	size_t why[EB_VERDICT_DEARER + 1];	/* untestable tests by the kind of
						 * their first verdict */
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
		enum eb_verdict_kind why = EB_VERDICT_NONE;
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
			testable |= !eb_untestable(v);
			if (why == EB_VERDICT_NONE)
				why = v->kind;
		}
		tc->tests++;
		if (up && down)
			tc->mixed++;
		else if (up)
			tc->improved++;
		else if (down)
			tc->regressed++;
		else if (!testable) {
			tc->untestable++;
			tc->why[why]++;
		}
		else if (same)
			tc->unchanged++;
		else
			tc->unclear++;
	}
}

/* "; 3 tests allow no verdict (1 single run, 1 without variation, 1 with
 * an unbounded interval)": each reason named with its count, since an
 * unbounded interval is neither a single run nor a lack of variation. */
static void
untestable_tail(const struct test_count *tc, char *buf, size_t n)
{
	static const struct {
		enum eb_verdict_kind kind;
		const char *one, *many;
	} reasons[] = {
		{ EB_VERDICT_SINGLE_RUN, "single run", "single runs" },
		{ EB_VERDICT_NO_VARIATION, "without variation", "without variation" },
		{ EB_VERDICT_UNBOUNDED, "with an unbounded interval", "with unbounded intervals" },
		{ EB_VERDICT_OUT_OF_RANGE, "with a ratio out of range", "with ratios out of range" },
		{ EB_VERDICT_TOO_FEW_RUNS, "with too few runs for a rank test",
		  "with too few runs for a rank test" },
		{ EB_VERDICT_NONE, "not comparable", "not comparable" },
	};
	size_t len, shown = 0;

	len = (size_t)snprintf(buf, n, "; %zu test%s allow%s no verdict (", tc->untestable,
	    tc->untestable == 1 ? "" : "s", tc->untestable == 1 ? "s" : "");
	for (size_t r = 0; r < sizeof reasons / sizeof reasons[0] && len < n; r++) {
		size_t k = tc->why[reasons[r].kind];

		if (k == 0)
			continue;
		len += (size_t)snprintf(buf + len, n - len, "%s%zu %s", shown++ ? ", " : "", k,
		    k == 1 ? reasons[r].one : reasons[r].many);
	}
	if (len < n)
		snprintf(buf + len, n - len, ")");
}

/* The family of a release change is the diff's (analyze.h). When it
 * holds more than the sentence's own `tests`, the words say whose: ", Holm
 * over all 8 tests of the two releases on this host", so that the reader
 * knows why a sentence of 2 tests adjusts over 8. */
static void
pair_holm_words(const struct tally *t, size_t tests, const struct eb_verdict_opts *o,
    int on_host, const char *noun, const char *pair, char *buf, size_t n)
{
	if (o->adjust == EB_ADJUST_HOLM && t->family_size > 1 && t->family_size > tests)
		snprintf(buf, n, ", Holm over all %zu %s of the two %s%s", t->family_size,
		    noun, pair, on_host ? " on this host" : "");
	else
		eb_holm_words(t, o, buf, n);
}

static void
baseline_sentence(const struct claims *c, const char *from, const char *to,
    const char *host, const char *baseline, const char *what, const struct eb_verdict_opts *o,
    struct eb_findings *out)
{
	struct test_count tc;
	struct tally all;
	char tail[192] = "", holm[96], mixed[48] = "", on[80] = "";

	if (c->n == 0)
		return;
	count_tests(c, &tc);
	eb_tally(c, -1, &all);
	pair_holm_words(&all, tc.tests, o, host != NULL, "tests", "releases", holm, sizeof holm);
	if (tc.untestable > 0)
		untestable_tail(&tc, tail, sizeof tail);
	if (tc.mixed > 0)
		snprintf(mixed, sizeof mixed, ", went both ways in %zu", tc.mixed);
	if (host != NULL)
		snprintf(on, sizeof on, " on %s", eb_host_words(host));
	eb_findings_say(out, "From %s to %s%s, the %s of the %sbaseline (%s) improved in %zu "
	    "of %zu test%s, regressed in %zu%s, stayed within ±%g %% in %zu and changed by "
	    "an amount the data cannot tell in %zu (%s, alpha %g%s)%s.", from, to, on, what,
	    strcmp(baseline, "none") == 0 ? "unencrypted " : "", baseline, tc.improved, tc.tests, tc.tests == 1 ? "" : "s", tc.regressed, mixed,
	    o->equivalence_pct, tc.unchanged, tc.unclear,
	    o->median ? "Mann-Whitney U test" : "Welch's t test", o->alpha, holm, tail);
}

static void
change_sentence(const struct claims *c, const char *from, const char *to, const char *on,
    const char *family, const char *what, const char *op, const struct eb_verdict_opts *o,
    struct eb_findings *out)
{
	struct tally t;
	char est[64], ci[64], holm[96], names[384];
	size_t fell, rose;

	eb_tally(c, -1, &t);
	if (t.n == 0) {
		if (t.out_of_range > 0)
			eb_findings_say(out, "From %s to %s%s, the change of the %s overhead of %s on %s "
			    "has no figure: %s (%zu comparison%s).", from, to, on, what, family, eb_op_words(op),
			    EB_OUT_OF_RANGE_WHY, t.out_of_range, t.out_of_range == 1 ? "" : "s");
		return;
	}
	fell = t.kinds[EB_VERDICT_CHEAPER];
	rose = t.kinds[EB_VERDICT_DEARER];
	pair_holm_words(&t, t.n, o, *on != '\0', "overhead changes", "releases", holm,
	    sizeof holm);
	eb_name_untestable(c, names, sizeof names);
	/* Estimates that are rounding read as no change (eb_estimate_text). */
	if (fabs(t.est_lo) < EB_FIGURE_NOISE)
		t.est_lo = 0;
	if (fabs(t.est_hi) < EB_FIGURE_NOISE)
		t.est_hi = 0;
	eb_signed_range(est, sizeof est, t.est_lo, t.est_hi, 0, "percentage points");
	if (t.untestable == t.n) {
		eb_findings_say(out, "From %s to %s%s, the %s overhead of %s on %s changed by %s (%zu "
		    "comparison%s; %s).", from, to, on, what, family, eb_op_words(op), est, t.n,
		    t.n == 1 ? "" : "s", eb_untestable_words(&t));
		return;
	}
	eb_signed_range(ci, sizeof ci, t.ci_lo, t.ci_hi, 0, "pp");
	if (fell == t.n || rose == t.n) {
		char by[64];

		eb_pct_range(by, sizeof by, fabs(fell ? t.est_hi : t.est_lo),
		    fabs(fell ? t.est_lo : t.est_hi), "");
		by[strlen(by) - 1] = '\0';	/* the number without its unit */
		eb_findings_say(out, "From %s to %s%s, the %s overhead of %s on %s %s by %s percentage "
		    "point%s in %s%zu comparison%s: encryption got %s (%s %s by the ratio of "
		    "ratios%s).", from, to, on, what, family, eb_op_words(op),
		    fell ? "fell" : "rose", by, strcmp(by, "1.0") == 0 ? "" : "s",
		    t.n > 1 ? "all " : "", t.n, t.n == 1 ? "" : "s", fell ? "cheaper" : "dearer",
		    eb_ci_lead(&t), ci, holm);
	} else if (fell + rose == 0)
		eb_findings_say(out, "From %s to %s%s, the %s overhead of %s on %s changed by %s (%zu "
		    "comparison%s): no clear change (%s %s%s%s).", from, to,
		    on, what, family, eb_op_words(op), est, t.n, t.n == 1 ? "" : "s", eb_ci_lead(&t), ci, holm,
		    names);
	else
		eb_findings_say(out, "From %s to %s%s, the %s overhead of %s on %s fell in %zu, rose in %zu "
		    "and showed no clear change in %zu of %zu comparisons (changes %s; %s "
		    "%s%s%s).", from, to, on, what, family, eb_op_words(op), fell, rose,
		    t.n - fell - rose, t.n, est, eb_ci_lead(&t), ci, holm, names);
}

static const char throughput_words[] = "throughput";

/* Throughput first, then latency, then CPU use. */
static int
what_rank(const char *what)
{
	return what == throughput_words ? 0 : strcmp(what, "latency") == 0 ? 1 : 2;
}

/* Keys of the sentences about release changes. */
struct bucket {
	const char *host, *family, *op;
	const char *what;	/* "throughput", "latency" or "CPU use" */
	struct claims c;
	int keymask;		/* the key sizes of its modes (eb_key_bits) */
};

static struct bucket *
bucket_for(struct bucket **b, size_t *n, size_t *cap, const char *host,
    const char *family, const char *op, const char *what)
{
	for (size_t i = 0; i < *n; i++)
		if ((*b)[i].host == host && strcmp((*b)[i].family, family) == 0 &&
		    (*b)[i].op == op && (*b)[i].what == what)
			return &(*b)[i];
	eb_xgrow(b, cap, *n + 1, sizeof **b);
	memset(&(*b)[*n], 0, sizeof **b);
	(*b)[*n].host = host;
	(*b)[*n].family = family;
	(*b)[*n].op = op;
	(*b)[*n].what = what;
	return &(*b)[(*n)++];
}

static int
cmp_bucket(const void *a, const void *b)
{
	const struct bucket *x = a, *y = b;
	int c = strcmp(x->host, y->host);

	if (c == 0)
		c = eb_family_rank(x->family) - eb_family_rank(y->family);
	if (c == 0)
		c = strcmp(x->family, y->family);
	if (c == 0)
		c = strcmp(x->op, y->op);
	if (c == 0)
		c = what_rank(x->what) - what_rank(y->what);
	return c;
}

static void
buckets_free(struct bucket *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		eb_claim_free(&b[i].c);
	free(b);
}

static void hosts_not_compared(const struct eb_groups *gs, const struct hosts *compared,
    const struct hosts *base_in, const char *from, const char *to, const char *baseline,
    struct eb_findings *out);

static int host_in(const struct eb_groups *gs, const char *host, const char *release);

/* Releases of version numbers older than from: the change sentences are
 * of the newest two alone, and a sentence says the older ones are not
 * compared and where they are. */
static void
older_releases_sentence(const struct eb_groups *gs, const char *from, struct eb_findings *out)
{
	size_t nrel, older = 0, len = 0;
	const char **rel = eb_releases(gs, &nrel);
	char list[256] = "";

	if (!is_version(from)) {
		free((void *)rel);
		return;
	}
	for (size_t r = 0; r < nrel; r++)
		older += is_version(rel[r]) && eb_release_cmp(rel[r], from) < 0;
	for (size_t r = 0, k = 0; r < nrel && older > 0; r++) {
		if (!is_version(rel[r]) || eb_release_cmp(rel[r], from) >= 0)
			continue;
		k++;
		len += (size_t)snprintf(list + len, len < sizeof list ? sizeof list - len : 0, "%s%s",
		    k == 1 ? "" : k == older ? (older == 2 ? " and " : ", and ") : ", ", rel[r]);
	}
	if (older > 0)
		eb_findings_say(out, "The changes here are from %s on; %s %s older, so nothing here "
		    "compares %s with the releases after %s; encbench trend follows every test "
		    "across all of them.", from, list, older == 1 ? "is" : "are",
		    older == 1 ? "it" : "them", older == 1 ? "it" : "them");
	free((void *)rel);
}

/* Releases of version numbers of which no two share a test (a job renamed
 * from one to the next): no change is spoken of, and a sentence says why. */
static void
no_pair_sentence(const struct eb_groups *gs, struct eb_findings *out)
{
	size_t nrel, nver = 0, len = 0;
	const char **rel = eb_releases(gs, &nrel);
	char list[256] = "";
	struct hosts hs = { { 0 }, 0 };
	int several = 0;

	/* Hosts of one release each (disjoint by release) have nothing to
	 * compare: only a host of two releases or more makes the silence a
	 * claim. */
	for (size_t i = 0; i < gs->n; i++)
		eb_host_add(&hs, gs->g[i].key->f[EB_F_HOST]);
	for (size_t h = 0; h < hs.n && !several; h++) {
		size_t mine = 0;

		for (size_t r = 0; r < nrel; r++)
			mine += is_version(rel[r]) && host_in(gs, hs.h[h], rel[r]);
		several = mine >= 2;
	}
	for (size_t r = 0; r < nrel && several; r++)
		nver += is_version(rel[r]);
	for (size_t r = 0, k = 0; r < nrel && nver >= 2; r++) {
		if (!is_version(rel[r]))
			continue;
		k++;
		len += (size_t)snprintf(list + len, len < sizeof list ? sizeof list - len : 0, "%s%s",
		    k == 1 ? "" : k == nver ? (nver == 2 ? " and " : ", and ") : ", ", rel[r]);
	}
	if (nver >= 2)
		eb_findings_say(out, "Of the releases %s, no two measured a test in common on one "
		    "host (other jobs, block sizes or metrics in each), so nothing here compares "
		    "releases.", list);
	free((void *)rel);
}

/* Whether the side of release (or config) label other holds a group of
 * k's host and config, and of its mode too when by_mode. */
static int
side_has(const struct eb_groups *gs, int field, const char *other, const struct eb_record *k,
    int by_mode)
{
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_record *x = gs->g[i].key;

		if (strcmp(x->f[field], other) == 0 && x->f[EB_F_HOST] == k->f[EB_F_HOST] &&
		    x->f[EB_F_CONFIG] == k->f[EB_F_CONFIG] && (!by_mode ||
		    x->f[EB_F_MODE] == k->f[EB_F_MODE]))
			return 1;
	}
	return 0;
}

/* The cases (a mode's test) of one of the two releases the changes
 * compare that the other did not measure: a mode or test the new release
 * lost would read as unchanged, so a sentence names them by the release
 * that has them, a whole config or mode the other lacks as one. A config
 * of the older release alone has the sentence of older_config_sentences. */
static void
cases_alone_sentence(const struct eb_groups *gs, const struct eb_diff_opts *o,
    const struct eb_diff *d, size_t nd, struct eb_findings *out)
{
	int *side, hosts = 0, configs = 0, field = o->by == EB_SPLIT_CONFIG ? EB_F_CONFIG :
	    EB_F_RELEASE;
	size_t n;
	const struct eb_group **g = eb_diff_unpaired(gs, o, d, nd, &side, &n);
	char **text = eb_xcalloc(n + 1, sizeof *text);

	for (size_t i = 1; i < gs->n; i++) {
		hosts |= gs->g[i].key->f[EB_F_HOST] != gs->g[0].key->f[EB_F_HOST];
		configs |= gs->g[i].key->f[EB_F_CONFIG] != gs->g[0].key->f[EB_F_CONFIG];
	}
	configs &= o->by != EB_SPLIT_CONFIG;
	/* What each says: "config no-aesni on A", "aes-256-ccm", or its case. */
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = g[i]->key;
		const char *other = (side[i] & 1) == 0 ? o->to : o->from;
		char name[160], where[200];

		snprintf(where, sizeof where, "%s%s%s%s%s", configs ? " (" : "", configs ?
		    eb_config_words(k->f[EB_F_CONFIG]) : "", configs ? ")" : "", hosts ? " on " : "",
		    hosts ? eb_host_words(k->f[EB_F_HOST]) : "");
		if (configs && !side_has(gs, field, other, k, 0))
			text[i] = (side[i] & 1) == 0 ? NULL : eb_xasprintf("all of config %s%s%s",
			    eb_config_words(k->f[EB_F_CONFIG]), hosts ? " on " : "",
			    hosts ? eb_host_words(k->f[EB_F_HOST]) : "");
		else if (!side_has(gs, field, other, k, 1))
			text[i] = eb_xasprintf("all of %s%s", *k->f[EB_F_MODE] ? k->f[EB_F_MODE] :
			    "(no mode)", where);
		else {
			eb_case_name_with_job(k, name, sizeof name);
			text[i] = eb_xasprintf("%s %s%s%s%s", *k->f[EB_F_MODE] ? k->f[EB_F_MODE] :
			    "(no mode)", name, side[i] & EB_UNPAIRED_METRIC ? ", its " : "",
			    side[i] & EB_UNPAIRED_METRIC ? k->f[EB_F_METRIC] : "",
			    where);
		}
	}
	for (int s = 0; s < 2; s++) {
		struct eb_buf names;
		size_t count = 0;

		eb_buf_init(&names, 0);
		for (size_t i = 0; i < n; i++) {
			int again = 0;

			if ((side[i] & 1) != s || text[i] == NULL)
				continue;
			for (size_t j = 0; j < i && !again; j++)
				again = (side[j] & 1) == s && text[j] != NULL &&
				    strcmp(text[j], text[i]) == 0;
			if (!again)
				eb_buf_addf(&names, "%s%s", count++ > 0 ? "; " : "", text[i]);
		}
		if (count > 0)
			eb_findings_say(out, "Measured in %s and not in %s, so nothing here compares "
			    "%s: %s.", s == 0 ? o->from : o->to, s == 0 ? o->to : o->from,
			    count == 1 && strncmp(names.data, "all of ", 7) != 0 ? "it" : "them",
			    eb_buf_cstr(&names));
		free(names.data);
	}
	for (size_t i = 0; i < n; i++)
		free(text[i]);
	free(text);
	free((void *)g);
	free(side);
}

/* The two releases every command compares: the baseline's change (its
 * throughput and its latency, each a family, tests counted once) and each
 * family's overhead change, per host. */
static void
release_sentences(const struct eb_groups *gs, const char *baseline, int name_hosts,
    const struct eb_verdict_opts *vo, struct eb_findings *out)
{
	size_t n;
	struct eb_diff_opts o = { EB_SPLIT_RELEASE, NULL, NULL, vo->alpha, vo->median,
		vo->adjust == EB_ADJUST_NONE, baseline, vo->equivalence_pct };
	struct eb_diff *d;
	struct hosts hs = { { 0 }, 0 }, based = { { 0 }, 0 };
	struct bucket *b = NULL;
	size_t nb = 0, cap = 0;

	if (!eb_release_pair(gs, &o.from, &o.to)) {
		no_pair_sentence(gs, out);
		return;
	}
	/* The diff's families (analyze.h): a sentence speaks of some tests of
	 * one and keeps their verdicts, as the diff table shows them. */
	d = eb_diff_compute(gs, &o, &n);
	for (size_t i = 0; i < n; i++)
		eb_host_add(&hs, d[i].a->key->f[EB_F_HOST]);
	name_hosts |= hs.n > 1;
	for (size_t h = 0; h < hs.n; h++) {
		struct claims thr = { 0 }, lat = { 0 };

		for (size_t i = 0; i < n; i++) {
			const struct eb_record *k = d[i].a->key;
			const char *cls = eb_metric_family(k->f[EB_F_METRIC]);

			if (k->f[EB_F_HOST] != hs.h[h] || strcmp(k->f[EB_F_MODE], baseline) != 0)
				continue;
			if (strcmp(cls, "throughput") == 0)
				eb_claim_add(&thr, &d[i].v, k, 0);
			else if (strcmp(cls, "latency") == 0)
				eb_claim_add(&lat, &d[i].v, k, 0);
		}
		size_t at = out->n;

		if (thr.n > 0 || lat.n > 0)
			eb_host_add(&based, hs.h[h]);
		baseline_sentence(&thr, o.from, o.to, name_hosts ? hs.h[h] : NULL, baseline,
		    "throughput", vo, out);
		eb_findings_qualify(out, &thr, at);
		at = out->n;
		baseline_sentence(&lat, o.from, o.to, name_hosts ? hs.h[h] : NULL, baseline,
		    "latency", vo, out);
		eb_findings_qualify(out, &lat, at);
		eb_claim_free(&thr);
		eb_claim_free(&lat);
	}
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = d[i].a->key;
		struct bucket *x;

		const char *cls = eb_metric_family(k->f[EB_F_METRIC]), *what;

		/* Throughput once a test (bw, not iops too); latency and CPU
		 * use beside it, each a sentence of its own. */
		if (!d[i].has_overhead)
			continue;
		if (strcmp(k->f[EB_F_METRIC], "bw") == 0)
			what = throughput_words;
		else if (strcmp(cls, "latency") == 0)
			what = "latency";
		else if (strcmp(cls, "cpu") == 0)
			what = "CPU use";
		else
			continue;
		x = bucket_for(&b, &nb, &cap, k->f[EB_F_HOST], eb_mode_family(k->f[EB_F_MODE]),
		    k->f[EB_F_OP], what);
		eb_claim_add(&x->c, &d[i].oh, k, 0);
		x->keymask |= eb_key_bits(k->f[EB_F_MODE]);
	}
	if (nb > 1)
		qsort(b, nb, sizeof *b, cmp_bucket);
	for (size_t i = 0; i < nb; i++) {
		char on[80] = "";

		char family[160];

		if (name_hosts)
			snprintf(on, sizeof on, " on %s", eb_host_words(b[i].host));
		/* An overhead against a baseline other than none says which. */
		eb_family_label(family, sizeof family, b[i].family, baseline, b[i].keymask);
		if (strcmp(baseline, "none") != 0) {
			size_t len = strlen(family);

			snprintf(family + len, sizeof family - len, " against %s", baseline);
		}
		size_t at = out->n;

		/* Latency and CPU use are spoken of where they changed: the
		 * throughput's sentence says what did not. */
		if (b[i].what != throughput_words) {
			struct tally t;

			eb_tally(&b[i].c, -1, &t);
			if (t.n == 0 || t.kinds[EB_VERDICT_CHEAPER] + t.kinds[EB_VERDICT_DEARER] == 0)
				continue;
		}
		change_sentence(&b[i].c, o.from, o.to, on, family, b[i].what, b[i].op, vo, out);
		eb_findings_qualify(out, &b[i].c, at);
	}
	hosts_not_compared(gs, &hs, &based, o.from, o.to, baseline, out);
	cases_alone_sentence(gs, &o, d, n, out);
	older_releases_sentence(gs, o.from, out);
	buckets_free(b, nb);
	free(d);
}

/* ---- configs */

static void
config_sentence(const struct claims *c, const char *where, const char *config,
    const char *against, const char *family, int on_host, const struct eb_verdict_opts *o,
    struct eb_findings *out)
{
	struct tally t;
	char est[64], ci[64], holm[96], names[384], level[48], cfg[96];
	const char *what = strcmp(family, "none") == 0 ? "unencrypted" : family;
	size_t up = 0, down = 0;

	eb_tally(c, -1, &t);
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
	/* "config no-aesni", or "the unnamed config" (D11 of an outside
	 * audit: "config no-aesni instead of  changes"). */
	snprintf(cfg, sizeof cfg, "%s%s", *config ? "config " : "", eb_config_words(config));
	against = eb_config_words(against);
	/* The family is the config diff's (analyze.h): all tests of the two
	 * configs on the host, so that no sentence claims a change the diff
	 * table calls unclear (audit 15 L2). */
	pair_holm_words(&t, t.n, o, on_host, "tests", "configs", holm, sizeof holm);
	eb_name_untestable(c, names, sizeof names);
	eb_signed_range(est, sizeof est, t.est_lo, t.est_hi, o->equivalence_pct, "%");
	if (t.untestable == t.n) {
		eb_findings_say(out, "%s, %s instead of %s changes %s throughput by %s (%zu "
		    "comparison%s; %s).", where, cfg, against, what, est, t.n,
		    t.n == 1 ? "" : "s", eb_untestable_words(&t));
		return;
	}
	eb_signed_range(ci, sizeof ci, t.ci_lo, t.ci_hi, o->equivalence_pct, "%");
	eb_interval_level_text(t.alpha, t.adjusted, level, sizeof level);
	if (t.kinds[EB_VERDICT_UNCHANGED] == t.n)
		eb_findings_say(out, "%s, %s leaves %s throughput unchanged against %s: every %s "
		    "interval lies within ±%g %% (%zu comparison%s%s; changes %s).", where, cfg,
		    what, against, level, o->equivalence_pct, t.n, t.n == 1 ? "" : "s", holm, est);
	else if (up + down == t.n && (up == 0 || down == 0))
		eb_findings_say(out, "%s, %s instead of %s changes %s throughput by %s (%zu "
		    "comparison%s, %ssignificant%s; %s %s).", where,
		    cfg, against, what, est, t.n, t.n == 1 ? "" : "s", t.n == 1 ? "" : "each ", holm,
		    eb_ci_lead(&t), ci);
	else if (up + down > 0 || t.kinds[EB_VERDICT_UNCHANGED] > 0) {
		/* A comparison the diff calls "unchanged" (within the margin)
		 * is counted so, never as "no clear change" (audit 16 M6), and
		 * one without a verdict (a single run, no variation) as neither. */
		size_t same = t.kinds[EB_VERDICT_UNCHANGED];
		size_t unclear = t.kinds[EB_VERDICT_NO_CLEAR_CHANGE];
		size_t open = t.n - up - down - same - unclear;
		char within[64] = "", none[48] = "";

		if (same > 0)
			snprintf(within, sizeof within, ", within ±%g %% in %zu", o->equivalence_pct,
			    same);
		if (open > 0)
			snprintf(none, sizeof none, " and %sno verdict in %zu", up + down == 0 ? "has " :
			    "", open);
		if (up + down == 0)
			eb_findings_say(out, "%s, %s instead of %s keeps %s throughput within ±%g %% "
			    "in %zu%s shows no clear change in %zu%s of %zu comparisons (changes %s; "
			    "%s %s%s%s).", where, cfg, against, what, o->equivalence_pct, same,
			    open > 0 ? "," : " and", unclear, none, t.n, est, eb_ci_lead(&t), ci, holm,
			    names);
		else
			eb_findings_say(out, "%s, %s instead of %s changes %s throughput by %s: higher in "
			    "%zu, lower in %zu%s%s no clear change in %zu%s of %zu comparisons (%s "
			    "%s%s%s).", where, cfg, against, what, est, up, down, within,
			    open > 0 ? "," : " and", unclear, none, t.n, eb_ci_lead(&t), ci, holm,
			    names);
	} else
		eb_findings_say(out, "%s, %s instead of %s shows no clear change in %s throughput "
		    "(%zu comparison%s; changes %s; %s %s, not inside ±%g %%%s%s).", where,
		    cfg, against, what, t.n, t.n == 1 ? "" : "s", est, eb_ci_lead(&t), ci,
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
			vo->median, vo->adjust == EB_ADJUST_NONE, NULL, vo->equivalence_pct };
		struct bucket *b = NULL;
		struct hosts hs = { { 0 }, 0 };
		size_t nb = 0, cap = 0, n;
		struct eb_diff *d;

		if (sc->configs[j] == sc->config)
			continue;
		/* A sentence speaks of one release: its family is the config
		 * diff of that release (diff --release R), the same whether
		 * the findings see every release or, for a report's headline,
		 * two. */
		struct eb_groups view = { eb_xmalloc((gs->n ? gs->n : 1) * sizeof *gs->g), 0,
			gs->pool, gs->t };

		for (size_t i = 0; i < gs->n; i++)
			if (gs->g[i].key->f[EB_F_RELEASE] == sc->release)
				view.g[view.n++] = gs->g[i];
		d = eb_diff_compute(&view, &o, &n);
		for (size_t i = 0; i < n; i++) {
			const struct eb_record *k = d[i].a->key;
			struct bucket *x;

			if (strcmp(k->f[EB_F_METRIC], "bw") != 0 || k->f[EB_F_RELEASE] != sc->release ||
			    (sc->host != NULL && k->f[EB_F_HOST] != sc->host))
				continue;
			eb_host_add(&hs, k->f[EB_F_HOST]);
			x = bucket_for(&b, &nb, &cap, k->f[EB_F_HOST],
			    eb_mode_family(k->f[EB_F_MODE]), "", throughput_words);
			eb_claim_add(&x->c, &d[i].v, k, 0);
		}
		if (nb > 1)
			qsort(b, nb, sizeof *b, cmp_bucket);
		for (size_t i = 0; i < nb; i++) {
			char where[160];
			size_t at = out->n;

			eb_where_text(where, sizeof where, sc->release, sc->config, 0, b[i].host,
			    sc->name_hosts || hs.n > 1);
			config_sentence(&b[i].c, where, sc->configs[j], sc->config, b[i].family,
			    sc->name_hosts || hs.n > 1, vo, out);
			eb_findings_qualify(out, &b[i].c, at);
		}
		buckets_free(b, nb);
		free(d);
		free(view.g);
	}
}

/* What one scope says: each family's overhead in its main config, the
 * modes against each other, and its other configs. */
static void
scope_sentences(const struct eb_groups *gs, const struct eb_overhead *oh, size_t noh,
    const struct scope *sc, const char *baseline, const struct eb_verdict_opts *vo,
    struct eb_findings *out, int with_releases)
{
	eb_overhead_sentences(oh, noh, sc, sc->config, 0, vo, out);
	eb_factor_sentences(gs, sc, vo, out);
	if (with_releases)
		release_sentences(gs, baseline, sc->name_hosts, vo, out);
	for (size_t j = 0; j < sc->nconfigs; j++)
		if (sc->configs[j] != sc->config)
			eb_overhead_sentences(oh, noh, sc, sc->configs[j], 1, vo, out);
	config_sentences(gs, sc, vo, out);
}

/* Whether a host has records in a release. */
static int
host_in(const struct eb_groups *gs, const char *host, const char *release)
{
	for (size_t i = 0; i < gs->n; i++)
		if (gs->g[i].key->f[EB_F_HOST] == host && gs->g[i].key->f[EB_F_RELEASE] == release)
			return 1;
	return 0;
}

/* A host the change sentences of from and to say nothing of: one with no
 * test measured in both (B measured 22.04 and 24.04, or 23.10 and 24.04
 * with other jobs in each), or one whose tests of both have no baseline
 * (compared has it, and base_in does not). Silence would read as every
 * host compared, so a sentence says so and, where its newest two releases
 * share a test, names the diff that compares them. */
static void
hosts_not_compared(const struct eb_groups *gs, const struct hosts *compared,
    const struct hosts *base_in, const char *from, const char *to, const char *baseline,
    struct eb_findings *out)
{
	struct hosts all = { { 0 }, 0 };
	size_t nrel;
	const char **rel = eb_releases(gs, &nrel);

	for (size_t i = 0; i < gs->n; i++)
		eb_host_add(&all, gs->g[i].key->f[EB_F_HOST]);
	for (size_t h = 0; h < all.n; h++) {
		const char *mine[2] = { NULL, NULL }, *host = all.h[h];
		const char *name = *host ? host : "The unnamed host";
		char list[256] = "", advice[256] = "";
		size_t n = 0, len = 0;
		int in = 0, based = 0;

		for (size_t k = 0; k < compared->n; k++)
			in |= compared->h[k] == host;
		for (size_t k = 0; k < base_in->n; k++)
			based |= base_in->h[k] == host;
		if (in && based)
			continue;
		if (in) {
			eb_findings_say(out, "%s has no %s measured in both %s and %s beside its other "
			    "modes, so nothing here states the change of its baseline or of its "
			    "overhead; encbench diff --host %s --from %s --to %s shows each mode's own "
			    "change.", name, baseline, from, to, *host ? host : "''", from, to);
			continue;
		}
		for (size_t r = 0; r < nrel; r++)
			n += host_in(gs, host, rel[r]);
		for (size_t r = 0, k = 0; r < nrel && n >= 2; r++) {
			if (!host_in(gs, host, rel[r]))
				continue;
			k++;
			len += (size_t)snprintf(list + len, len < sizeof list ? sizeof list - len : 0,
			    "%s%s", k == 1 ? "" : k == n ? (n == 2 ? " and " : ", and ") : ", ", rel[r]);
			mine[0] = mine[1];
			mine[1] = rel[r];
		}
		if (n < 2)
			continue;
		if ((mine[0] != from || mine[1] != to) && eb_host_shares_test(gs, host, mine[0], mine[1]))
			snprintf(advice, sizeof advice, "; encbench diff --host %s --from %s --to %s "
			    "compares its newest two", *host ? host : "''", mine[0], mine[1]);
		if (host_in(gs, host, from) && host_in(gs, host, to))
			eb_findings_say(out, "%s measured other tests in %s than in %s (other jobs, "
			    "block sizes or metrics), so nothing here compares its releases%s.", name,
			    from, to, advice);
		else
			eb_findings_say(out, "%s has no test measured in both %s and %s (it was "
			    "measured in %s), so nothing here compares its releases%s.", name, from, to,
			    list, advice);
	}
	free((void *)rel);
}

/* Why no mode has an overhead, named truthfully: the data has only the
 * baseline, lacks the baseline, or has both on no test in common. */
static void
no_overhead_sentence(const struct eb_groups *gs, const char *baseline, struct eb_findings *out)
{
	int has_base = 0, has_other = 0;

	for (size_t i = 0; i < gs->n; i++) {
		const char *m = gs->g[i].key->f[EB_F_MODE];

		if (strcmp(m, baseline) == 0)
			has_base = 1;
		else if (*m != '\0')
			has_other = 1;
	}
	if (!has_other)
		eb_findings_say(out, "No figure of overhead: the data has records of the "
		    "baseline '%s' only, and no other mode to compare with it.", baseline);
	else if (!has_base)
		eb_findings_say(out, "No figure of overhead: the data has no records of the "
		    "baseline '%s' to compare the modes with.", baseline);
	else
		eb_findings_say(out, "No mode could be compared with the baseline '%s': no mode "
		    "has a test, with a non-zero mean, that the baseline has too.", baseline);
}

static int
cmp_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The cases of an encrypted mode with no baseline beside them in their
 * release, host and config (a config measured without none): no sentence
 * speaks of them, and that silence is no "no overhead" (audit 20 F06). */
static void
no_baseline_sentence(const struct eb_groups *gs, const struct eb_overhead *oh, size_t noh,
    const char *baseline, struct eb_findings *out)
{
	char *seen = eb_xcalloc(gs->n + 1, 1), *zero = eb_xmalloc(gs->n + 1);
	char **cases = NULL, **sorted;
	size_t n = 0, cap = 0, distinct = 0, shown = 0, len = 0;
	char names[480] = "";
	int hosts = 0, configs = 0, jobs;
	size_t untimed_base = 0;

	for (size_t i = 0; i < noh; i++)
		seen[oh[i].g - gs->g] = 1;
	/* The host and config are named where the data has more than one:
	 * the case is of that run alone. */
	for (size_t i = 1; i < gs->n; i++) {
		hosts |= strcmp(gs->g[i].key->f[EB_F_HOST], gs->g[0].key->f[EB_F_HOST]) != 0;
		configs |= strcmp(gs->g[i].key->f[EB_F_CONFIG], gs->g[0].key->f[EB_F_CONFIG]) != 0;
	}
	eb_overhead_zero_means(gs, baseline, zero);
	/* Cases named alike but of other jobs are named by job. */
	{
		const struct eb_record **keys = eb_xmalloc((gs->n + 1) * sizeof *keys);
		size_t nk = 0;

		for (size_t i = 0; i < gs->n; i++)
			if (!seen[i] && !zero[i] && *gs->g[i].key->f[EB_F_MODE] != '\0' &&
			    strcmp(gs->g[i].key->f[EB_F_MODE], baseline) != 0)
				keys[nk++] = gs->g[i].key;
		jobs = eb_case_names_collide(keys, nk, 1);
		free(keys);
	}
	/* A case is a mode's test, whatever metrics it has. */
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_record *k = gs->g[i].key;
		const char *config = *k->f[EB_F_CONFIG] ? k->f[EB_F_CONFIG] : "the unnamed config";
		char name[128];

		if (seen[i] || zero[i] || *k->f[EB_F_MODE] == '\0' ||
		    strcmp(k->f[EB_F_MODE], baseline) == 0)
			continue;
		(jobs ? eb_case_name_with_job : eb_case_name)(k, name, sizeof name);
		/* The baseline ran the test, but bonnie++ timed it in no run. */
		if (gs->t->nuntimed > 0) {
			struct eb_record b = *k;

			b.f[EB_F_MODE] = baseline;
			untimed_base += eb_table_untimed_of(gs->t, &b) > 0;
		}
		eb_xgrow(&cases, &cap, n + 1, sizeof *cases);
		cases[n++] = eb_xasprintf("%s %s%s%s%s%s%s%s%s", k->f[EB_F_MODE], name,
		    *k->f[EB_F_RELEASE] ? " in " : "", k->f[EB_F_RELEASE],
		    configs ? " (" : "", configs ? config : "", configs ? ")" : "",
		    hosts && *k->f[EB_F_HOST] ? " on " : "", hosts ? k->f[EB_F_HOST] : "");
	}
	if (n == 0) {
		free(seen);
		free(zero);
		return;
	}
	sorted = eb_xmalloc(n * sizeof *sorted);
	memcpy(sorted, cases, n * sizeof *sorted);
	qsort(sorted, n, sizeof *sorted, cmp_text);
	for (size_t i = 0; i < n; i++)
		distinct += i == 0 || strcmp(sorted[i - 1], sorted[i]) != 0;
	for (size_t i = 0; i < n && shown < 3; i++) {
		int again = 0;

		for (size_t j = 0; j < i && !again; j++)
			again = strcmp(cases[j], cases[i]) == 0;
		if (again || len >= sizeof names)
			continue;
		len += (size_t)snprintf(names + len, sizeof names - len, "%s%s",
		    shown++ > 0 ? ", " : "", cases[i]);
	}
	if (distinct > shown && len < sizeof names)
		snprintf(names + len, sizeof names - len, " and %zu more", distinct - shown);
	if (distinct > 0)
		eb_findings_say(out, "%zu case%s of an encrypted mode %s no %s measured beside "
		    "%s in %s release, host and config, so nothing here states %s overhead: %s%s%s%s%s.",
		    distinct, distinct == 1 ? "" : "s", distinct == 1 ? "has" : "have", baseline,
		    distinct == 1 ? "it" : "them", distinct == 1 ? "its" : "their",
		    distinct == 1 ? "its" : "their", names, untimed_base > 0 ? " (" : "",
		    untimed_base > 0 ? baseline : "", untimed_base == 0 ? "" : untimed_base < n ?
		    " ran some of them, but bonnie++ could not time those in any run: it printed "
		    "+++++, too fast to measure" : distinct == 1 ? " ran it, but bonnie++ could not "
		    "time it in any run: it printed +++++, too fast to measure" : " ran them, but "
		    "bonnie++ could not time them in any run: it printed +++++, too fast to measure",
		    untimed_base > 0 ? ")" : "");
	for (size_t i = 0; i < n; i++)
		free(cases[i]);
	free(cases);
	free(sorted);
	free(seen);
	free(zero);
}

static int
config_in(const struct eb_groups *gs, const char *host, const char *release, const char *config)
{
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_record *k = gs->g[i].key;

		if (k->f[EB_F_HOST] == host && k->f[EB_F_RELEASE] == release &&
		    k->f[EB_F_CONFIG] == config)
			return 1;
	}
	return 0;
}

/* A config a host measured in older releases but not in the one its
 * sentences speak of (no-aesni in 23.10 only, beside default in 23.10
 * and 24.04) is spoken of in its own newest release, said to be older:
 * silence would read as every config covered. */
static void
older_config_sentences(const struct eb_groups *gs, const struct eb_overhead *oh, size_t noh,
    const struct scope *sc, const struct hosts *hs, int name_hosts,
    const struct eb_verdict_opts *vo, struct eb_findings *out)
{
	for (size_t h = 0; h < hs->n; h++) {
		const char *host = hs->h[h], *spoken = sc->release;
		const char *done[16];
		size_t ndone = 0;

		if (!host_in(gs, host, spoken)) {
			struct scope own;

			find_scope(gs, NULL, host, name_hosts, &own);
			spoken = own.release;
		}
		if (!is_version(spoken))
			continue;
		for (size_t i = 0; i < gs->n && ndone < 16; i++) {
			const struct eb_record *k = gs->g[i].key;
			const char *config = k->f[EB_F_CONFIG], *newest = NULL;
			struct scope older;
			size_t d;
			char on[96] = "";

			for (d = 0; d < ndone && done[d] != config; d++)
				;
			if (k->f[EB_F_HOST] != host || d < ndone || config_in(gs, host, spoken, config))
				continue;
			done[ndone++] = config;
			for (size_t j = 0; j < gs->n; j++) {
				const struct eb_record *o = gs->g[j].key;

				if (o->f[EB_F_HOST] == host && o->f[EB_F_CONFIG] == config &&
				    is_version(o->f[EB_F_RELEASE]) && eb_release_cmp(o->f[EB_F_RELEASE],
				    spoken) < 0 && (newest == NULL ||
				    eb_release_cmp(o->f[EB_F_RELEASE], newest) > 0))
					newest = o->f[EB_F_RELEASE];
			}
			if (newest == NULL)
				continue;
			if (name_hosts)
				snprintf(on, sizeof on, " on %s", eb_host_words(host));
			eb_findings_say(out, "The config %s%s was measured last in %s, not in %s, so "
			    "what is said of %s does not cover it.", eb_config_words(config), on, newest,
			    spoken, spoken);
			find_scope(gs, newest, name_hosts ? host : NULL, name_hosts, &older);
			older.host = host;
			eb_overhead_sentences(oh, noh, &older, config, 1, vo, out);
		}
	}
}

void
eb_findings_compute_hosts(const struct eb_groups *gs, const char *baseline,
    const struct eb_verdict_opts *vo, size_t hosts_in_data, struct eb_findings *out)
{
	size_t noh;
	struct eb_overhead *oh = eb_overhead_compute_opts(gs, baseline, vo, 0, &noh);
	struct scope sc;
	struct hosts hs = { { 0 }, 0 };
	size_t singles = 0, untimed_singles = 0, nrel = 0;
	const char **rel = NULL;
	int name_hosts;

	memset(out, 0, sizeof *out);
	if (gs->n == 0) {
		eb_findings_say(out, "There are no records to speak of.");
		free(oh);
		return;
	}
	out->caveats = eb_caveats_new(gs->t);
	for (size_t i = 0; i < gs->n; i++)
		eb_host_add(&hs, gs->g[i].key->f[EB_F_HOST]);
	name_hosts = hosts_in_data > 1 || hs.n > 1;
	find_scope(gs, NULL, NULL, name_hosts, &sc);
	for (size_t i = 0; i < gs->n; i++)
		if (gs->g[i].s.n < 2) {
			singles++;
			untimed_singles += gs->t->nuntimed > 0 &&
			    eb_table_untimed_of(gs->t, gs->g[i].key) > 0;
		}
	scope_sentences(gs, oh, noh, &sc, baseline, vo, out, 1);
	/* Releases that are no version number (a platform, another study)
	 * stand beside the series: their overhead too. */
	if (is_version(sc.release)) {
		rel = eb_releases(gs, &nrel);
		for (size_t i = 0; i < nrel; i++) {
			struct scope other;

			if (is_version(rel[i]))
				continue;
			find_scope(gs, rel[i], NULL, name_hosts, &other);
			eb_overhead_sentences(oh, noh, &other, other.config, 0, vo, out);
		}
	}
	/* A host that measured none of those releases (each host its own
	 * release series) is spoken of in its own newest release, never
	 * merged into another's nor left out. */
	for (size_t h = 0; h < hs.n; h++) {
		int seen = host_in(gs, hs.h[h], sc.release);

		for (size_t i = 0; i < nrel && !seen; i++)
			seen = !is_version(rel[i]) && host_in(gs, hs.h[h], rel[i]);
		if (!seen) {
			struct scope own;

			find_scope(gs, NULL, hs.h[h], name_hosts, &own);
			scope_sentences(gs, oh, noh, &own, baseline, vo, out, 0);
		}
	}
	free((void *)rel);
	older_config_sentences(gs, oh, noh, &sc, &hs, name_hosts, vo, out);
	eb_cost_thread_findings(gs, out);
	/* A case whose other runs bonnie++ could not time was not measured
	 * once, and more runs would not time it either. */
	if (singles > 0 && untimed_singles == 0)
		eb_findings_say(out, "%zu of %zu cases were measured once: they have no confidence "
		    "interval and get no verdict; repeat runs (--reps 3 or more) to test them.",
		    singles, gs->n);
	else if (singles > 0)
		eb_findings_say(out, "%zu of %zu cases have a single timed run, so no confidence "
		    "interval and no verdict: %zu of them were run more often, but bonnie++ could "
		    "not time the other runs (it printed +++++, too fast to measure)%s.", singles,
		    gs->n, untimed_singles, singles > untimed_singles ? "; repeat runs (--reps 3 or "
		    "more) to test the others" : "");
	if (noh == 0)
		no_overhead_sentence(gs, baseline, out);
	else
		no_baseline_sentence(gs, oh, noh, baseline, out);
	free(oh);
	eb_caveats_free(out->caveats);
	out->caveats = NULL;
}

void
eb_findings_compute_opts(const struct eb_groups *gs, const char *baseline,
    const struct eb_verdict_opts *vo, struct eb_findings *out)
{
	eb_findings_compute_hosts(gs, baseline, vo, 0, out);
}

void
eb_findings_compute(const struct eb_groups *gs, const char *baseline, double alpha,
    struct eb_findings *out)
{
	struct eb_verdict_opts vo = EB_VERDICT_OPTS_DEFAULT;

	vo.alpha = alpha;
	eb_findings_compute_opts(gs, baseline, &vo, out);
}
