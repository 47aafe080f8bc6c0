package dev.isola.petstore.account;

import java.io.Serializable;
import java.util.List;

/**
 * A customer's preferences: a favourite category whose products the home page suggests when
 * {@code showFavourites} is on, and a preferred language for correspondence.
 */
public record Profile(String favouriteCategory, String language, boolean showFavourites) implements Serializable {

    /** Language codes a customer can choose, with the names the form shows. */
    public static final List<Language> LANGUAGES = List.of(
            new Language("en", "English"), new Language("de", "Deutsch"), new Language("fr", "Français"),
            new Language("es", "Español"), new Language("it", "Italiano"));

    public static boolean isLanguage(String code) {
        return LANGUAGES.stream().anyMatch(language -> language.code().equals(code));
    }

    /** A language a customer can choose. */
    public record Language(String code, String name) implements Serializable {
    }
}
