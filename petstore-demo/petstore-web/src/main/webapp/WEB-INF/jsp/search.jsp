<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="Search">
  <h1>Search</h1>
  <form class="search-page" action="${ctx}/search" method="get" role="search">
    <label for="q">Words to look for in names and descriptions</label>
    <div class="row">
      <input id="q" type="search" name="q" value="${fn:escapeXml(query)}" maxlength="200">
      <button type="submit">Search</button>
    </div>
  </form>
  <c:choose>
    <c:when test="${empty query}"><p>Type a word such as <em>spotted</em>, <em>green</em> or <em>retriever</em>.</p></c:when>
    <c:when test="${empty products}"><p class="notice">Nothing matches “<c:out value="${query}"/>”. Try fewer or other words.</p></c:when>
    <c:otherwise>
      <p>${fn:length(products)} ${fn:length(products) == 1 ? 'product matches' : 'products match'} “<c:out value="${query}"/>”.</p>
      <ul class="cards">
        <c:forEach var="product" items="${products}"><t:productCard product="${product}"/></c:forEach>
      </ul>
    </c:otherwise>
  </c:choose>
</t:page>
