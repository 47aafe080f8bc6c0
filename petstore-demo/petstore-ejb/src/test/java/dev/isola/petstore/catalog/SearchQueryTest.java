package dev.isola.petstore.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SearchQueryTest {

    @Test
    void splitsOnWhiteSpaceLowerCasesAndDropsDuplicates() {
        assertEquals(List.of("golden", "retriever"), SearchQuery.parse("  Golden\tRETRIEVER golden ").terms());
    }

    @Test
    void keepsAtMostFiveTermsOfAtMostFortyCharacters() {
        SearchQuery query = SearchQuery.parse("a b c d e f g " + "x".repeat(100));
        assertEquals(List.of("a", "b", "c", "d", "e"), query.terms());
        assertEquals(SearchQuery.MAX_TERM_LENGTH, SearchQuery.parse("y".repeat(100)).terms().getFirst().length());
    }

    @Test
    void blankOrMissingTextIsAnEmptyQuery() {
        assertTrue(SearchQuery.parse("   ").isEmpty());
        assertTrue(SearchQuery.parse(null).isEmpty());
    }

    @Test
    void escapesLikeWildcards() {
        assertEquals("%50\\%\\_off\\\\%", SearchQuery.likePattern("50%_off\\"));
    }
}
