/* test_markdown.c - labels in markdown: escaped so that raw HTML, line
 * breaks and markup in them stay text, in markdown and in its HTML page. */
#include "testutil.h"
#include "../../render/render.h"

static void
test_escape(void **state)
{
	char *s;

	(void)state;
	s = eb_md_escape("<script>alert(1)</script>");
	assert_string_equal(s, "&lt;script>alert(1)&lt;/script>");
	free(s);
	s = eb_md_escape("evil\n# host\r\n");
	assert_string_equal(s, "evil # host  ");
	free(s);
	s = eb_md_escape("*a* _b_ `c` [d](e) |f| ~g~ \\h &amp;");
	assert_string_equal(s, "\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\|f\\| \\~g~ \\\\h &amp;amp;");
	free(s);
	/* What cannot start markup stays as it is, for the terminal. */
	s = eb_md_escape("< 0.001, ~ (-5.7 to +10.3), a & b, 1 > 0");
	assert_string_equal(s, "< 0.001, ~ (-5.7 to +10.3), a & b, 1 > 0");
	free(s);
	/* ESC c resets a terminal, U+009B is the 8-bit CSI, U+202E turns
	 * the rest of the line around: each is one space (audit C7). */
	s = eb_md_escape("a\033c b\a;\302\2332J \342\200\256x\177");
	assert_string_equal(s, "a c b ; 2J  x ");
	free(s);
	s = eb_md_code("\033]0;t\a");
	assert_string_equal(s, "` ]0;t `");
	free(s);
	/* An underscore run between letters or digits is no emphasis in
	 * CommonMark and stays; one at a word's edge is escaped. */
	s = eb_md_escape("z_wr_iss drop__caches _x a_ a_-b _");
	assert_string_equal(s, "z_wr_iss drop__caches \\_x a\\_ a\\_-b \\_");
	free(s);
	s = eb_md_escape("aes-256-gcm 24.04");
	assert_string_equal(s, "aes-256-gcm 24.04");
	free(s);
	s = eb_md_code("runs/a`b/");
	assert_string_equal(s, "``runs/a`b/``");
	free(s);
	s = eb_md_code("`x\ny`");
	assert_string_equal(s, "`` `x y` ``");
	free(s);
}

/* The HTML page shows an escaped label as it was, with no tag of its own. */
static void
test_html_of_escaped(void **state)
{
	char *label = eb_md_escape("<b>x</b>_*|&");
	char *md = eb_xasprintf("# %s\n\n| mode |\n|---|\n| %s |\n", label, label);
	char *html = eb_md_to_html(md, NULL, NULL);

	(void)state;
	assert_non_null(strstr(html, "<h1>&lt;b&gt;x&lt;/b&gt;_*|&amp;</h1>"));
	assert_non_null(strstr(html, "<td>&lt;b&gt;x&lt;/b&gt;_*|&amp;</td>"));
	assert_null(strstr(html, "<b>"));
	free(html);
	free(md);
	free(label);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_html_of_escaped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
