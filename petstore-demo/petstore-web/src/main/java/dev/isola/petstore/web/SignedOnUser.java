package dev.isola.petstore.web;

import dev.isola.petstore.account.Account;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.io.Serial;
import java.io.Serializable;

/**
 * Who is signed on in this HTTP session, kept in the session attribute {@value #ATTRIBUTE}.
 *
 * @param favouriteCategory the category whose products the home page suggests, or empty
 */
public record SignedOnUser(String userId, String firstName, String favouriteCategory) implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** Session attribute holding the signed-on user; pages read it as {@code sessionScope.user}. */
    public static final String ATTRIBUTE = "user";

    static SignedOnUser of(Account account) {
        String favourite = account.profile().showFavourites() ? account.profile().favouriteCategory() : "";
        return new SignedOnUser(account.userId(), account.firstName(), favourite == null ? "" : favourite);
    }

    /** The signed-on user of {@code request}, or null. */
    static SignedOnUser current(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return session == null ? null : (SignedOnUser) session.getAttribute(ATTRIBUTE);
    }
}
