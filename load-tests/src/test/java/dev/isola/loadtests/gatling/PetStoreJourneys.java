package dev.isola.loadtests.gatling;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ClosedInjectionStep;
import io.gatling.javaapi.core.FeederBuilder;
import io.gatling.javaapi.http.HttpProtocolBuilder;

import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.css;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.doIfOrElse;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.form;
import static io.gatling.javaapi.core.CoreDsl.listFeeder;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.rampConcurrentUsers;
import static io.gatling.javaapi.http.HttpDsl.currentLocationRegex;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * What users do in the Pet Store, as Gatling chains, with checks on every page so that a wrong
 * page counts as a failed request, not only an error status. The shared parts of the three
 * simulations: the HTTP protocol for one Pet Store, the anonymous {@link #browse} journey, the
 * {@link #shop} journey of a customer who buys a pet, and the load shape.
 *
 * <p>Request paths are relative to the base URL (for example {@code /category?id=FISH} under
 * {@code http://127.0.0.1:8080/petstore}); ids are taken from the pages, since the links in
 * them carry the context path.
 */
final class PetStoreJourneys {

    /** Words that find products in the seed catalog (in names or descriptions of products or items). */
    private static final List<String> KEYWORDS = List.of("retriever", "koi", "parrot", "gentle", "spots", "tank", "snake", "finch",
            "puppy", "persian", "goldfish", "tail");

    /**
     * Cheap items with a large seed stock (about 400 pets together), tried in random order
     * until one is in stock: the catalog's stock only ever goes down, so a shopper must not insist
     * on a sold-out pet.
     */
    private static final List<String> ITEMS_TO_BUY = List.of("I-1007", "I-1008", "I-1002", "I-1001", "I-1026", "I-1027", "I-1005", "I-1006");

    private PetStoreJourneys() {
    }

    /** HTTP as a browser speaks it to the Pet Store at {@code baseUrl}; the engine warms up on the Pet Store itself. */
    static HttpProtocolBuilder protocol(URI baseUrl) {
        return http.baseUrl(baseUrl.toString())
                .warmUp(baseUrl + "/")
                .acceptHeader("text/html,application/xhtml+xml,image/svg+xml,*/*;q=0.8")
                .acceptLanguageHeader("en")
                .userAgentHeader("Isola Pet Store load test (Gatling)");
    }

    /** {@code users} concurrent users after a ramp from none, for the profile's duration. */
    static ClosedInjectionStep[] injection(LoadProfile profile, int users) {
        List<ClosedInjectionStep> steps = new ArrayList<>();
        if (!profile.ramp().isZero()) {
            steps.add(rampConcurrentUsers(0).to(users).during(profile.ramp()));
        }
        steps.add(constantConcurrentUsers(users).during(profile.duration()));
        return steps.toArray(ClosedInjectionStep[]::new);
    }

    /** Anonymous browsing: home, a category, a product, an item and its picture, then a search. */
    static ChainBuilder browse(LoadProfile profile) {
        ChainBuilder think = think(profile);
        FeederBuilder<Object> keywords = listFeeder(KEYWORDS.stream().map(k -> Map.<String, Object>of("keyword", k)).toList()).random();
        return exec(http("home").get("/")
                        .check(status().is(200), css("h1").is("Welcome to the Pet Store"),
                                css("ul.cards a[href*='/category?id=']", "href").findRandom().transform(PetStoreJourneys::id).saveAs("category")))
                .exec(think)
                .exec(http("category").get("/category").queryParam("id", "#{category}")
                        .check(status().is(200), css("h1").exists(),
                                css("ul.cards a[href*='/product?id=']", "href").findRandom().transform(PetStoreJourneys::id).saveAs("product")))
                .exec(think)
                .exec(http("product").get("/product").queryParam("id", "#{product}")
                        .check(status().is(200), css("h1").exists(),
                                css("ul.items a[href*='/item?id=']", "href").findRandom().transform(PetStoreJourneys::id).saveAs("item")))
                .exec(think)
                .exec(http("item").get("/item").queryParam("id", "#{item}")
                        .check(status().is(200), css("p.stock").exists(),
                                css("div.detail img", "src").transform(src -> src.substring(src.indexOf("/static/"))).saveAs("image")))
                .exec(http("item picture").get("#{image}").check(status().is(200)))
                .exec(think)
                .feed(keywords)
                .exec(http("search").get("/search").queryParam("q", "#{keyword}")
                        .check(status().is(200), css("ul.cards a[href*='/product?id=']").count().gte(1)));
    }

    /**
     * A customer who buys a pet: creates an account (or, when {@code customers} has one free,
     * signs on to an account made earlier in the run), finds a pet in stock, adds two to the cart
     * and changes that to one, checks out (form, review, place), sees the order on "My orders",
     * and signs off. Placing the order may also give the Pet Store's "Not enough in stock" page
     * (409) when another customer bought the last one in between, and a customer may find every
     * pet sold out and buy nothing: correct answers of the Pet Store, not failures, counted in
     * {@code tally}.
     */
    static ChainBuilder shop(LoadProfile profile, Customers customers, OrderTally tally) {
        ChainBuilder think = think(profile);
        ChainBuilder checkOut = exec(http("add to cart").post("/cart")
                        .formParam("action", "add").formParam("itemId", "#{itemInStock}").formParam("quantity", "2")
                        .check(status().is(200), css("td.subtotal").exists()))
                .exec(think)
                .exec(http("change quantity").post("/cart").formParam("action", "update").formParam("quantity.#{itemInStock}", "1")
                        .check(status().is(200), css("td.subtotal").exists(), css("header .badge").is("1")))
                .exec(think)
                .exec(http("checkout form").get("/checkout")
                        .check(status().is(200), css("h1").is("Checkout"), form("form[action$='/checkout']").saveAs("checkoutForm")))
                .exec(think)
                .exec(http("review order").post("/checkout").formParamMap(session -> withCard(session.getMap("checkoutForm")))
                        .check(status().is(200), css("h1").is("Review your order")))
                .exec(think)
                .exec(http("place order").post("/checkout").formParam("action", "place")
                        .check(status().in(200, 409).saveAs("placed"))
                        .checkIf((response, session) -> response.status().code() == 200)
                        .then(css("p.notice.success").exists(), currentLocationRegex("/order\\?id=(\\d+)").saveAs("orderId"))
                        .checkIf((response, session) -> response.status().code() == 409)
                        .then(css("h1").is("Not enough in stock")))
                .exec(session -> {
                    if (session.contains("orderId")) {
                        tally.placed();
                    } else if (session.contains("placed") && session.getInt("placed") == 409) {
                        tally.lostTheLastPet();
                    }
                    return session;
                })
                .exec(doIf(session -> session.contains("orderId")).then(
                        exec(http("my orders").get("/orders")
                                .check(status().is(200), css("table.orders a[href$='/order?id=#{orderId}']").exists()))));
        return feed(customers.feeder())
                .exec(http("home").get("/").check(status().is(200), css("h1").is("Welcome to the Pet Store")))
                .exec(think)
                .exec(doIfOrElse("#{returning}").then(signOn()).orElse(register()))
                .exec(think)
                .exec(findPetInStock())
                .exec(doIfOrElse(session -> session.contains("itemInStock")).then(checkOut).orElse(exec(session -> {
                    tally.soldOut();
                    return session;
                })))
                .exec(think)
                .exec(http("sign off").post("/signoff").check(status().is(200), css("header a[href$='/signon']").exists()))
                .exec(session -> {
                    customers.signedOff(session.getString("userId"));
                    return session;
                });
    }

    /** A user's pause between pages: uniform from half to one and a half times the profile's pause. */
    private static ChainBuilder think(LoadProfile profile) {
        return pause(profile.pause().dividedBy(2), profile.pause().multipliedBy(3).dividedBy(2));
    }

    private static ChainBuilder signOn() {
        return exec(http("sign-on form").get("/signon").check(status().is(200), css("h1").is("Sign on")))
                .exec(http("sign on").post("/signon").formParam("userId", "#{userId}").formParam("password", "#{password}").formParam("next", "/")
                        .check(status().is(200), css("header a[href$='/orders']").exists()));
    }

    private static ChainBuilder register() {
        return exec(http("account form").get("/register").check(status().is(200), css("h1").is("Create an account")))
                .exec(http("create account").post("/register")
                        .formParam("userId", "#{userId}").formParam("password", "#{password}").formParam("repeatPassword", "#{password}")
                        .formParam("email", "#{email}").formParam("firstName", "Gatling").formParam("lastName", "Load").formParam("phone", "")
                        .formParam("billing.firstName", "Gatling").formParam("billing.lastName", "Load")
                        .formParam("billing.street1", "1 Load Lane").formParam("billing.street2", "").formParam("billing.city", "Benchville")
                        .formParam("billing.state", "").formParam("billing.zip", "12345").formParam("billing.country", "USA")
                        .formParam("shipToBilling", "on").formParam("favouriteCategory", "").formParam("language", "en")
                        .check(status().is(200), css("h1").is("Your account"), css("p.notice.success").exists()));
    }

    /**
     * Tries the items to buy in random order until one has an "Add to cart" form, and saves its
     * id as {@code itemInStock}; when all are sold out the attribute stays absent.
     */
    private static ChainBuilder findPetInStock() {
        return exec(session -> {
            List<String> order = new ArrayList<>(ITEMS_TO_BUY);
            Collections.shuffle(order);
            return session.remove("itemInStock").set("candidates", order).set("tried", 0);
        }).asLongAs(session -> !session.contains("itemInStock") && session.getInt("tried") < ITEMS_TO_BUY.size()).on(
                exec(session -> session.set("candidate", session.<String>getList("candidates").get(session.getInt("tried")))
                        .set("tried", session.getInt("tried") + 1))
                        .exec(http("item").get("/item").queryParam("id", "#{candidate}")
                                .check(status().is(200), css("p.stock").exists(),
                                        css("form.add-form input[name=itemId]", "value").optional().saveAs("itemInStock"))));
    }

    /** The checkout form's fields (billing address from the account, shipping to it) with a test card. */
    private static Map<String, Object> withCard(Map<String, Object> form) {
        Map<String, Object> fields = new HashMap<>(form);
        fields.put("action", "review");
        fields.put("card.type", "Visa");
        fields.put("card.number", "4111 1111 1111 1111");
        fields.put("card.expiry", "12/39");
        return fields;
    }

    /** The id in a link such as {@code /petstore/product?id=FI-KOI}. */
    private static String id(String href) {
        return href.substring(href.indexOf("id=") + 3);
    }
}
