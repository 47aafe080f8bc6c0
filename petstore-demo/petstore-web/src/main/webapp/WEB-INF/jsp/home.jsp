<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="Welcome">
  <section class="hero">
    <h1>Welcome to the Pet Store<c:if test="${not empty sessionScope.user}">, <c:out value="${sessionScope.user.firstName}"/></c:if></h1>
    <p>Fish, dogs, reptiles, cats and birds, each described by people who like them. Pick a category or search for a pet.</p>
  </section>
  <c:if test="${not empty favourites}">
    <section aria-labelledby="favourites-heading">
      <h2 id="favourites-heading">Picked for you: <c:out value="${favourite.name}"/></h2>
      <ul class="cards">
        <c:forEach var="product" items="${favourites}"><t:productCard product="${product}"/></c:forEach>
      </ul>
    </section>
  </c:if>
  <section aria-labelledby="categories-heading">
    <h2 id="categories-heading">Browse by category</h2>
    <ul class="cards">
      <c:forEach var="category" items="${categories}">
        <c:url var="categoryUrl" value="/category"><c:param name="id" value="${category.id}"/></c:url>
        <li class="card">
          <a href="${fn:escapeXml(categoryUrl)}">
            <img src="${ctx}/static/img/${fn:escapeXml(category.image)}" alt="" width="160" height="120">
            <h3><c:out value="${category.name}"/></h3>
          </a>
          <p><c:out value="${category.description}"/></p>
        </li>
      </c:forEach>
    </ul>
  </section>
</t:page>
