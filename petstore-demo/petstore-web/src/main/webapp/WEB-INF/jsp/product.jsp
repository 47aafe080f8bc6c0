<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="${product.name}">
  <c:url var="categoryUrl" value="/category"><c:param name="id" value="${product.categoryId}"/></c:url>
  <nav class="breadcrumbs" aria-label="Breadcrumbs"><a href="${ctx}/">Home</a> › <a href="${fn:escapeXml(categoryUrl)}"><c:out value="${product.categoryName}"/></a> › <c:out value="${product.name}"/></nav>
  <div class="detail">
    <img src="${ctx}/static/img/${fn:escapeXml(product.image)}" alt="<c:out value='${product.name}'/>" width="320" height="240">
    <div>
      <h1><c:out value="${product.name}"/></h1>
      <p class="lead"><c:out value="${product.description}"/></p>
    </div>
  </div>
  <h2>Available</h2>
  <ul class="items">
    <c:forEach var="item" items="${items}">
      <c:url var="itemUrl" value="/item"><c:param name="id" value="${item.id}"/></c:url>
      <li class="item-row">
        <div class="item-text">
          <a href="${fn:escapeXml(itemUrl)}"><strong><c:out value="${item.name}"/></strong></a>
          <span class="muted">Item <c:out value="${item.id}"/></span>
          <p><c:out value="${item.description}"/></p>
          <p class="attributes"><c:forEach var="attribute" items="${item.attributes}"><span class="tag"><c:out value="${attribute}"/></span> </c:forEach></p>
        </div>
        <div class="item-buy">
          <span class="price">${ps:money(item.listPrice)}</span>
          <c:choose>
            <c:when test="${item.stock > 0}">
              <span class="stock">${item.stock} in stock</span>
              <form action="${ctx}/cart" method="post">
                <input type="hidden" name="action" value="add">
                <input type="hidden" name="itemId" value="${fn:escapeXml(item.id)}">
                <button type="submit">Add to cart</button>
              </form>
            </c:when>
            <c:otherwise><span class="stock sold-out">Sold out</span></c:otherwise>
          </c:choose>
        </div>
      </li>
    </c:forEach>
  </ul>
</t:page>
